import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Where each app's built entry point lives. */
export const QUIRE_APPS = {
  gateway: 'gateway/dist/main.js',
  embedded: 'embedded/dist/main.js',
  auth: 'services/auth/dist/main.js',
  item: 'services/item/dist/main.js',
  page: 'services/page/dist/main.js',
  team: 'services/team/dist/main.js',
  notice: 'services/notice/dist/main.js',
  admin: 'services/admin/dist/main.js',
  export: 'services/export/dist/main.js',
  search: 'services/search/dist/main.js',
  import: 'services/import/dist/main.js',
  collab: 'services/collab/dist/main.js',
  webhook: 'services/webhook/dist/main.js',
  audit: 'services/audit/dist/main.js',
} as const;

export type QuireApp = keyof typeof QUIRE_APPS;

/**
 * How long an app may take to log that it serves. Alone one starts in about a second, but a suite starts a
 * dozen at once, beside another suite doing the same on a two-core machine: 30 s was seen to run out.
 */
const READY_TIMEOUT_MS = 60_000;

/** One Quire app run as its own OS process, the way Compose or Kubernetes runs it. */
export interface QuireProcess {
  readonly app: QuireApp;
  readonly output: () => string;
  readonly pid: () => number | undefined;
  /** Starts it and resolves once its log says it is ready (or matches `until`: a service that waits for its stores is not). */
  start(until?: RegExp): Promise<void>;
  /** Sends a signal and waits for the exit; resolves with the exit code (null when killed by the signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The line each app logs once it serves (gateway/src/main.ts, embedded/src/main.ts, run-service.ts).
 * Specific on purpose: a looser pattern also matched "address already in use".
 */
function readyLine(app: QuireApp): RegExp {
  if (app === 'gateway') return /Quire gateway listening on /;
  if (app === 'embedded') return /Quire is running on /;
  return new RegExp(`Quire ${app} service ready `);
}

export function quireProcess(app: QuireApp, env: Record<string, string>, readyPattern: RegExp = readyLine(app)): QuireProcess {
  const entry = path.join(ROOT, QUIRE_APPS[app]);
  let child: ChildProcess | undefined;
  let output = '';
  return {
    app,
    output: () => output,
    pid: () => child?.pid,
    async start(until = readyPattern) {
      if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: build first (npm run build:server)`);
      output = '';
      const proc = spawn(process.execPath, [entry], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${app} did not become ready in ${READY_TIMEOUT_MS / 1000} s:\n${output}`)), READY_TIMEOUT_MS);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (until.test(output)) {
            clearTimeout(timer);
            resolve();
          }
        };
        proc.stdout?.on('data', onData);
        proc.stderr?.on('data', onData);
        proc.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`${app} exited with ${code} before it was ready:\n${output}`));
        });
      });
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      const proc = child;
      child = undefined;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return proc?.exitCode ?? null;
      const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
      proc.kill(signal);
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
