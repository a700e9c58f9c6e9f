import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './render-session';

describe('CHROMIUM_ARGS', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-chromium-args-'));
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** The command line Playwright gives Chromium, caught by a stand-in that writes it down and exits. */
  async function launchedWith(args: string[]): Promise<string[]> {
    const file = path.join(dir, 'argv.txt');
    const standIn = path.join(dir, 'chromium');
    fs.writeFileSync(standIn, `#!/bin/sh\nprintf '%s\\n' "$@" > '${file}'\nexit 1\n`, { mode: 0o755 });
    await chromium.launch({ executablePath: standIn, headless: true, args, timeout: 10_000 }).catch(() => undefined);
    return fs.readFileSync(file, 'utf8').split('\n');
  }

  it('keeps every feature Playwright disables in the one --disable-features Chromium heeds (the last)', async () => {
    const argv = await launchedWith(CHROMIUM_ARGS);

    const lists = argv.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));
    expect(lists.length).toBeGreaterThan(1);
    const heeded = lists[lists.length - 1];
    for (const feature of lists.slice(0, -1).flat()) expect(heeded).toContain(feature);
    expect(heeded).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'SpareRendererForSitePerProcess']));
  });
});
