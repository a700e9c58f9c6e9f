import * as fs from 'node:fs';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { findBinary } from '@quire/testing';
import { embedded, type BenchTarget } from './bench-targets';

/** The built web app the benches' embedded process serves. */
const WEB_DIST = path.resolve(__dirname, '..', '..', 'web', 'dist');
/** The flags of the browser tests (e2e/browser/support/browser-session.ts). */
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Throws unless web/dist holds a build (the browser benches load the real app). */
export function assertWebBuilt(): void {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST} is missing: build the web app first (npm run build:web)`);
}

/** Debian's chromium, headless, as the browser tests start it. */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findBinary('chromium') ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** The browser's cookies for the target's session (its Cookie header). */
export function sessionCookies(target: BenchTarget): { name: string; value: string; url: string }[] {
  return target.cookie.split('; ').map((pair) => {
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: target.baseUrl };
  });
}

/**
 * Runs a browser bench as a script: checks the web build, starts the embedded app, runs `bench`
 * against it (true: every goal met), stops the app and prints the time taken; a failure exits 1.
 */
export function runBrowserBench(name: string, bench: (target: BenchTarget) => Promise<boolean>): void {
  const run = async () => {
    assertWebBuilt();
    const started = Date.now();
    const target = await embedded();
    let allMet: boolean;
    try {
      allMet = await bench(target);
    } finally {
      await target.stop();
    }
    console.log(`\n${name} finished in ${((Date.now() - started) / 1000).toFixed(0)} s${allMet ? '' : ' — some goals were missed'}`);
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
