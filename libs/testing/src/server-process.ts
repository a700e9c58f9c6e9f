import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { freePort, waitForPort } from './free-port';

/** A real server binary (nats-server, redis-server, slapd …) run by a test on a free loopback port. */
export interface ServerProcess {
  readonly port: number;
  readonly url: string;
  /** A scratch directory that lives as long as the server. */
  readonly dir: string;
  /** Stops the process (SIGTERM, then SIGKILL) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, after a stop. */
  start(): Promise<void>;
  /** Stops it for good and removes its directory. */
  dispose(): Promise<void>;
}

const SEARCH_PATH = ['/usr/sbin', '/usr/bin', '/usr/local/sbin', '/usr/local/bin'];

/** The absolute path of a binary, or undefined when it is not installed. */
export function findBinary(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...SEARCH_PATH];
  for (const dir of dirs) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  const which = spawnSync('which', [name], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() || undefined : undefined;
}

export interface ServerSpec {
  binary: string;
  /** Arguments for the port and scratch directory. */
  args(port: number, dir: string): string[];
  url(port: number): string;
  /** Runs once before the first start (config files, databases). */
  prepare?(port: number, dir: string): Promise<void> | void;
}

export async function startServerProcess(spec: ServerSpec): Promise<ServerProcess> {
  const binary = findBinary(spec.binary);
  if (!binary) throw new Error(`${spec.binary} is not installed (apt-get install -y ${spec.binary})`);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `quire-${spec.binary}-`));
  await spec.prepare?.(port, dir);
  let child: ChildProcess | undefined;
  let output = '';

  const start = async () => {
    output = '';
    child = spawn(binary, spec.args(port, dir), { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    const exited = new Promise<never>((_, reject) => child?.once('exit', (code) => reject(new Error(`${spec.binary} exited with ${code}:\n${output}`))));
    exited.catch(() => undefined);
    await Promise.race([waitForPort(port, 15_000), exited]);
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 3000);
    await gone;
    clearTimeout(timer);
  };

  await start();
  return {
    port,
    url: spec.url(port),
    dir,
    start,
    stop,
    async dispose() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
