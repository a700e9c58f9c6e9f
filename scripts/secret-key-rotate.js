#!/usr/bin/env node
// `npm run secret-key:rotate`: rotates the secret key of an embedded Quire (docs/operations.md, "The secret key").
//   (no option)          a new key goes first in the key file; the former ones stay as previous keys (they still
//                        decrypt). The next start re-encrypts every secret under the new key.
//   --forget-previous    drops the previous keys, once a start has re-encrypted everything and no backup made
//                        before the rotation is kept (such a backup needs its key).
// With QUIRE_SECRET_KEY set there is no key file: rotate by setting a new QUIRE_SECRET_KEY and the old one in
// QUIRE_SECRET_KEY_PREVIOUS, then restarting every process. Reads DATA_DIR and QUIRE_SECRET_KEY_FILE like Quire.
const { spawnSync } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const built = ['libs/config/dist/index.js', 'libs/platform/dist/secrets/secret-key-file.js'].map((file) => path.join(root, file));
if (!built.every((file) => fs.existsSync(file))) {
  const result = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { loadConfig } = require(built[0]);
const { forgetPreviousSecretKeys, rotateSecretKeyFile } = require(built[1]);

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--forget-previous');
if (unknown.length > 0) {
  console.error(`Unknown option ${unknown[0]}. Usage: npm run secret-key:rotate [-- --forget-previous]`);
  process.exit(2);
}

try {
  const config = loadConfig();
  if (config.secrets.key) {
    console.error(
      'QUIRE_SECRET_KEY is set, so there is no key file to rotate. To rotate it: set QUIRE_SECRET_KEY_PREVIOUS to the\n' +
        'current key, QUIRE_SECRET_KEY to a new one, and restart every Quire process; the item service re-encrypts at boot.\n' +
        `A new key: ${randomBytes(32).toString('base64')}`,
    );
    process.exit(1);
  }
  const file = config.secrets.keyFile;
  if (args.includes('--forget-previous')) {
    forgetPreviousSecretKeys(file);
    console.log(`${file}: previous keys dropped; the current key stays.`);
  } else {
    const keys = rotateSecretKeyFile(file);
    console.log(
      `${file}: a new key is now the current one; ${keys.previous.length} previous key(s) kept to read older data and backups.\n` +
        'Restart Quire: it re-encrypts every secret under the new key at boot.',
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
