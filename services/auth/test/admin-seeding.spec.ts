import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { DocumentStore } from '@quire/platform';
import { AppError, type LoggedInUser, type Reply, Subject } from '@quire/proto';
import { type ContextApp, createContextApp, testCaller } from '@quire/testing';
import { AuthModule } from '../src/auth.module';

const CREATED = /Administrator 'showdoc' created/;

describe('administrator seeding', () => {
  let logged: string[];
  let spy: jest.SpyInstance;
  let dataDir: string;

  /** Boots the auth context, collecting what it logs while starting. */
  const boot = (env: Record<string, string>) => {
    logged = [];
    return createContextApp([AuthModule], { env });
  };
  const loginAs = (app: ContextApp, password: string) => app.relay<Reply<LoggedInUser>>(Subject.AuthUserLogin, { caller: testCaller(), params: { username: 'showdoc', password } });
  const admins = (app: ContextApp) => app.app.get(DocumentStore).collection<{ username: string }>('users').count({ username: 'showdoc' });

  beforeEach(() => {
    logged = [];
    spy = jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => {
      logged.push(String(message));
    });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-auth-seed-'));
  });
  afterEach(() => {
    spy.mockRestore();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates showdoc with a random password printed once, and keeps it across restarts', async () => {
    const first = await boot({ DATA_DIR: dataDir });
    const lines = logged.filter((line) => CREATED.test(line));
    expect(lines).toHaveLength(1);
    const password = (lines[0].match(/password: (\S+)$/) as RegExpMatchArray)[1];
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((await loginAs(first, password)).data).toMatchObject({ username: 'showdoc', groupid: 1 });
    await first.close();

    // Same data directory, now with a configured password: the existing administrator stays as it was.
    const second = await boot({ DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: 'configured-later' });
    try {
      expect(logged.filter((line) => CREATED.test(line))).toEqual([]);
      expect(await admins(second)).toBe(1);
      expect((await loginAs(second, password)).data?.groupid).toBe(1);
      await expect(loginAs(second, 'configured-later')).rejects.toBeInstanceOf(AppError);
    } finally {
      await second.close();
    }
  });

  it('uses QUIRE_ADMIN_PASSWORD when set and never prints it', async () => {
    const app = await boot({ DATA_DIR: dataDir, QUIRE_ADMIN_PASSWORD: 'from-the-env' });
    try {
      expect(logged.filter((line) => CREATED.test(line))).toHaveLength(1);
      expect(logged.join('\n')).not.toContain('from-the-env');
      expect((await loginAs(app, 'from-the-env')).data).toMatchObject({ username: 'showdoc', groupid: 1 });
    } finally {
      await app.close();
    }
  });

  it('gives every installation its own random password, never a fixed default', async () => {
    const a = await boot({});
    const first = logged.join('\n').match(/password: (\S+)$/m)?.[1];
    await a.close();
    const b = await boot({});
    const second = logged.join('\n').match(/password: (\S+)$/m)?.[1];
    await b.close();

    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(first).not.toBe(second);
    expect([first, second]).not.toContain('123456');
  });
});
