#!/usr/bin/env node
// `npm run import:showdoc -- --db <file> [--uploads <folder or zip>] [--dry-run] [--distributed] [--report <file>]`:
// brings a ShowDoc site into Quire (docs/operations.md, "Import a ShowDoc site"). Paths are relative to the
// directory npm was run from. Configuration as Quire reads it (DATA_DIR, QUIRE_SECRET_KEY_FILE, NATS_URL, ...):
//  - embedded (default): boots every service in this process on DATA_DIR, so the Quire server must be stopped
//    (one process owns the embedded database); the admin console imports while it runs.
//  - --distributed: connects to NATS (and MongoDB, S3 for its ledger and the file bytes) as the import service
//    does; the running auth, item, page and team services write their records.
// It prints progress, then the report (the readable text; --report <file> also writes it as JSON beside
// <file>.txt), then how long it took and the process's peak memory. Exit status 0 when nothing failed, 1 when an
// item or team failed or the input was refused.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const USAGE = 'Usage: npm run import:showdoc -- --db <showdoc.db.php> [--uploads <Public/Uploads folder or zip>] [--dry-run] [--distributed] [--report <file>]';

function parseArgs(argv) {
  const options = { dryRun: false, distributed: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined || next.startsWith('--')) fail(`${arg} needs a value.\n${USAGE}`, 2);
      return path.resolve(process.env.INIT_CWD ?? process.cwd(), next);
    };
    if (arg === '--db') options.db = value();
    else if (arg === '--uploads') options.uploads = value();
    else if (arg === '--report') options.report = value();
    else if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--distributed') options.distributed = true;
    else if (arg === '--help' || arg === '-h') fail(USAGE, 0);
    else fail(`Unknown argument ${arg}.\n${USAGE}`, 2);
  }
  if (!options.db) fail(`--db is required.\n${USAGE}`, 2);
  return options;
}

function fail(text, status) {
  (status === 0 ? console.log : console.error)(text);
  process.exit(status);
}

/** Something answers on the port the embedded server listens on. */
function listening(port, host) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: host === '0.0.0.0' ? '127.0.0.1' : host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function boot(options, config) {
  require('reflect-metadata');
  const { NestFactory } = require('@nestjs/core');
  const platform = require(path.join(root, 'libs/platform/dist/index.js'));
  const { appErrors } = require(path.join(root, 'proto/dist/index.js'));
  const { ImportModule } = require(path.join(root, 'services/import/dist/index.js'));
  const logger = ['error', 'warn'];
  if (options.distributed) {
    // The import service's own composition, without joining its queue group: its messages go out over NATS.
    class ImportCommandModule {}
    const rootModule = {
      module: ImportCommandModule,
      imports: [platform.PlatformModule.forRoot({ mode: 'distributed', config, consumes: [], errors: appErrors, app: 'import' }), ImportModule],
    };
    const app = await NestFactory.createApplicationContext(rootModule, { logger });
    await app.init();
    return app;
  }
  if (await listening(config.http.port, config.http.host)) {
    throw new Error(
      `Something answers on port ${config.http.port}: is Quire running on ${config.dataDir}? The embedded database has one owner: stop Quire first, or import from the admin console (Admin → Import) while it runs.`,
    );
  }
  const { EmbeddedModule } = require(path.join(root, 'embedded/dist/index.js'));
  const app = await NestFactory.create(EmbeddedModule.forRoot(config), { bodyParser: false, logger });
  platform.connectTransport(app, { mode: 'embedded' });
  await app.init();
  await app.startAllMicroservices();
  return app;
}

/** The last line: the command's time and its peak resident memory (the kernel's high-water mark, boot included). */
function finished(started) {
  const seconds = (Date.now() - started) / 1000;
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(`Finished in ${seconds.toFixed(1)} s, peak memory ${peakMb.toFixed(0)} MB`);
}

async function main() {
  const started = Date.now();
  const options = parseArgs(process.argv.slice(2));
  const built = ['libs/config/dist/index.js', 'services/import/dist/index.js', 'embedded/dist/index.js'].map((file) => path.join(root, file));
  if (!built.every((file) => fs.existsSync(file))) {
    const result = spawnSync('npm', ['run', 'build:server'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  const { loadConfig } = require(built[0]);
  const { ShowdocImportService, ShowdocReader, renderReport } = require(built[1]);
  const { IMPORT_COMMAND_CALLER, AppError, translate } = require(path.join(root, 'proto/dist/index.js'));
  const describe = (error) => (error instanceof AppError ? translate(error.key, 'en', error.params) : error instanceof Error ? error.message : String(error));

  // The input is checked before anything boots: a file that is not ShowDoc's database changes nothing.
  try {
    ShowdocReader.open(options.db).close();
  } catch (error) {
    fail(`Import refused: ${describe(error)}`, 1);
  }
  const config = loadConfig();
  console.log(
    `${options.dryRun ? 'Dry run: nothing will be written. ' : ''}Importing ${options.db} into ${options.distributed ? `the distributed Quire at ${config.nats.url}` : `the embedded Quire in ${config.dataDir}`}`,
  );
  const app = await boot(options, config);
  let report;
  try {
    let shown = -1;
    report = await app.get(ShowdocImportService).run({
      db: options.db,
      uploads: options.uploads,
      dryRun: options.dryRun,
      caller: IMPORT_COMMAND_CALLER,
      log: (line) => console.log(line),
      progress: (done, total) => {
        const percent = Math.floor((done / total) * 100);
        if (percent !== shown) console.log(`progress: ${done}/${total} (${percent}%)`);
        shown = percent;
      },
    });
  } catch (error) {
    await app.close().catch(() => undefined);
    fail(`Import failed: ${describe(error)}`, 1);
  }
  await app.close();
  const text = renderReport(report);
  if (options.report) {
    fs.writeFileSync(options.report, `${JSON.stringify(report, null, 2)}\n`);
    fs.writeFileSync(`${options.report}.txt`, text);
    console.log(`Report written to ${options.report} (JSON) and ${options.report}.txt`);
  }
  console.log(`\n${text}`);
  const failed = Object.values(report.counts).some((count) => count.failed > 0);
  if (failed) console.error('Some rows failed (see "Failed" above); run the import again once the cause is fixed: what was imported is not imported twice.');
  finished(started);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
