#!/usr/bin/env node
// `npm run backup -- <file>`: a consistent copy of an embedded Quire's database, taken while it serves
// (docs/operations.md, "Back up"). Reads DATA_DIR and QUIRE_SECRET_KEY_FILE like Quire; <file> is relative
// to the directory npm was run from. Copies only `<DATA_DIR>/quire.db`: it says what else to keep.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const built = ['libs/config/dist/index.js', 'libs/platform/dist/sqlite/sqlite-backup.js', 'libs/platform/dist/sqlite/local-database.js'].map((file) => path.join(root, file));
if (!built.every((file) => fs.existsSync(file))) {
  const result = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const { loadConfig } = require(built[0]);
const { backupSqliteFile } = require(built[1]);
const { DATABASE_FILE } = require(built[2]);

const args = process.argv.slice(2);
if (args.length !== 1 || args[0].startsWith('-')) {
  console.error('Usage: npm run backup -- <file>   (a new file: an existing one is never overwritten)');
  process.exit(2);
}
const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const config = loadConfig();
  const source = path.join(config.dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) {
    throw new Error(`There is no Quire database at ${source}. Is DATA_DIR (${config.dataDir}) the one Quire runs with? (npm start uses ./data by default)`);
  }
  if (fs.existsSync(target)) throw new Error(`${target} already exists: give a new file name (a backup never overwrites a file).`);
  const { bytes, ms } = await backupSqliteFile(source, target);
  const key = config.secrets.key
    ? 'the secret key is QUIRE_SECRET_KEY (and any QUIRE_SECRET_KEY_PREVIOUS): keep it in your secret store'
    : `${config.secrets.keyFile}: the secret key file; keep a copy of it, apart from the backups`;
  console.log(
    [
      `Backed up ${source} to ${target}: ${mb(bytes)} in ${(ms / 1000).toFixed(2)} s, integrity check ok (file mode 0600).`,
      '',
      'This copy holds the database only. Keep as well:',
      `  - ${path.join(config.dataDir, 'files')}/: uploaded attachments and images, stored as plain files: copy them now,`,
      '    after this backup (rsync -a or tar); a file newer than the copy is harmless, a missing one is not.',
      `  - ${key}.`,
      '    Without the key, the visit passwords and open-API tokens in the copy cannot be read, and Quire refuses to start.',
      `To restore: stop Quire; in DATA_DIR, delete ${DATABASE_FILE}-wal and ${DATABASE_FILE}-shm if they are there and put the copy as`,
      `${DATABASE_FILE} (files/ beside it, the key in its place); start Quire.`,
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
