#!/usr/bin/env node
// `npm start`: builds what is not built yet, then runs the embedded app (one process, data under ./data).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const run = (args) => {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(['run', 'build:server']); // incremental: a no-op when nothing changed
if (!fs.existsSync(path.join(root, 'web/dist/index.html'))) run(['run', 'build:web']);

require(path.join(root, 'embedded/dist/main.js'));
