import * as net from 'node:net';
import { AdminModule } from '@quire/admin-service';
import { DocumentStore } from '@quire/platform';
import { type Caller, type LoggedInUser, type Reply, type SiteSettings, Subject, type WireParams } from '@quire/proto';
import { appFailure, createContextApp, createUser, describeWith, freePort, startSlapd, testCaller, type ContextApp, type Slapd } from '@quire/testing';
import { SettingRepository } from '../../admin/src/setting/setting.repository';
import { AuthModule } from '../src/auth.module';
import { LDAP_TIMEOUT_MS } from '../src/ldap/ldap-directory';
import type { UserEntity } from '../src/user/user.entity';

/** Short enough that a hanging directory fails the call in well under a second. */
const TIMEOUT_MS = 400;

/** The directory's timeouts for this test (AuthModule does not provide the token, so a global value wins). */
class LdapTimeoutModule {}
const ldapTimeout = { module: LdapTimeoutModule, global: true, providers: [{ provide: LDAP_TIMEOUT_MS, useValue: TIMEOUT_MS }], exports: [LDAP_TIMEOUT_MS] };

/** A TCP server that accepts connections and never says a word. */
async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describeWith({ binary: 'slapd' }, 'LDAP login (real slapd)', () => {
  let slapd: Slapd;
  let ctx: ContextApp;
  let admin: Caller;

  const send = <T>(subject: Subject, caller: Caller, params: WireParams = {}) => ctx.relay<T>(subject, { caller, params });
  const failure = (subject: Subject, caller: Caller, params: WireParams) => appFailure(send(subject, caller, params));
  const login = (username: string, password: string) => send<Reply<LoggedInUser>>(Subject.AuthUserLogin, testCaller(), { username, password, v_code: '' });
  const loginFailure = (username: string, password: string) => failure(Subject.AuthUserLogin, testCaller(), { username, password, v_code: '' });
  const users = () => ctx.app.get(DocumentStore).collection<UserEntity>('users');

  const form = (overrides: Record<string, unknown> = {}) => ({
    host: '127.0.0.1',
    port: slapd.port,
    version: 3,
    base_dn: slapd.baseDn,
    bind_dn: slapd.adminDn,
    bind_password: slapd.adminPassword,
    user_field: 'uid',
    search_filter: '',
    ...overrides,
  });
  const save = (ldapForm: unknown, ldapOpen = '1') => send<never[]>(Subject.AdminSettingSave, admin, { register_open: '1', ldap_open: ldapOpen, home_page: '1', ldap_form: ldapForm });

  beforeAll(async () => {
    slapd = await startSlapd();
    ctx = await createContextApp([AuthModule, AdminModule, ldapTimeout], { env: { QUIRE_ADMIN_PASSWORD: 'admin-secret' } });
    admin = await createUser(ctx.app, { groupid: 1 });
  });

  afterAll(async () => {
    await ctx?.close();
    await slapd?.dispose();
  });

  describe('saving the settings tries the directory first', () => {
    it('saves a working configuration and never shows the bind password again', async () => {
      await expect(save(form())).resolves.toEqual([]);

      const loaded = await send<SiteSettings>(Subject.AdminSettingLoad, admin);
      expect(loaded).toEqual({
        register_open: '1',
        ldap_open: '1',
        home_page: '1',
        home_item: '',
        http_proxy_open: '0',
        demo_url: '',
        help_url: '',
        recycle_retention_days: '30',
        api_resync_schedule: 'off',
        two_factor_required: 'off',
        audit_retention_days: '365',
        ldap_form: {
          ...form(),
          bind_password: '********',
          security: 'none',
          ca_cert: '',
          group_base_dn: '',
          group_filter: '',
          group_name_field: 'cn',
          group_teams: [],
          link_local: '0',
        },
      });
      expect(JSON.stringify(loaded)).not.toContain(slapd.adminPassword);
    });

    it('keeps the saved bind password when the mask comes back', async () => {
      const loaded = await send<SiteSettings>(Subject.AdminSettingLoad, admin);
      await expect(save({ ...loaded.ldap_form, user_field: 'uid' })).resolves.toEqual([]);

      await expect(login('bob', 'bob-secret')).resolves.toMatchObject({ data: { username: 'bob' } });
    });

    it('refuses a refused bind with 10011 and saves nothing', async () => {
      expect(await failure(Subject.AdminSettingSave, admin, { ldap_open: '1', ldap_form: form({ bind_password: 'wrong', user_field: 'cn' }) })).toEqual({
        code: 10011,
        key: 'ldap_cannot_bind',
        params: {},
      });
      expect((await send<SiteSettings>(Subject.AdminSettingLoad, admin)).ldap_form?.user_field).toBe('uid');
    });

    it('refuses a server that is down with 10011 naming it', async () => {
      const port = await freePort();
      expect(await failure(Subject.AdminSettingSave, admin, { ldap_open: '1', ldap_form: form({ port }) })).toEqual({
        code: 10011,
        key: 'ldap_cannot_connect',
        params: { address: `127.0.0.1:${port}` },
      });
    });

    it('gives up on a server that never answers, with a clear error and no hang', async () => {
      const silent = await startSilentServer();
      try {
        const started = Date.now();
        expect(await failure(Subject.AdminSettingSave, admin, { ldap_open: '1', ldap_form: form({ port: silent.port }) })).toEqual({
          code: 10011,
          key: 'ldap_timeout',
          params: { address: `127.0.0.1:${silent.port}`, seconds: 1 },
        });
        expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 5);
      } finally {
        await silent.close();
      }
      expect((await send<SiteSettings>(Subject.AdminSettingLoad, admin)).ldap_form?.port).toBe(slapd.port);
    });

    it('says so when StartTLS is asked of a directory that has no certificate', async () => {
      expect(await failure(Subject.AdminSettingSave, admin, { ldap_open: '1', ldap_form: form({ security: 'starttls' }) })).toEqual({
        code: 10011,
        key: 'ldap_starttls_refused',
        params: { address: `127.0.0.1:${slapd.port}` },
      });
    });

    it('refuses a base DN the directory does not have', async () => {
      expect(await failure(Subject.AdminSettingSave, admin, { ldap_open: '1', ldap_form: form({ base_dn: 'dc=nowhere,dc=test' }) })).toMatchObject({
        code: 10011,
        key: 'ldap_search_failed',
      });
    });

    it.each([
      ['{"host": "127.0.0.1",', 'setting_invalid_json'],
      ['not json at all', 'setting_invalid_json'],
      [['127.0.0.1'], 'setting_invalid_json'],
    ])('refuses a malformed ldap_form %j with 10011', async (ldapForm, key) => {
      expect(await failure(Subject.AdminSettingSave, admin, { ldap_open: '1', ldap_form: ldapForm })).toMatchObject({ code: 10011, key });
    });

    it('is for administrators only', async () => {
      const user = await createUser(ctx.app);
      expect(await failure(Subject.AdminSettingSave, user, { ldap_open: '1', ldap_form: form() })).toMatchObject({ code: 10103, key: 'no_permission' });
      expect(await failure(Subject.AuthLdapTest, user, { ldap_form: form() })).toMatchObject({ code: 10103 });
      expect(await failure(Subject.AdminSettingLoad, testCaller(), {})).toMatchObject({ code: 10102 });
    });
  });

  describe('login through the directory', () => {
    beforeAll(async () => {
      await save(form());
    });

    it('logs a directory user in and creates the local account with an unusable local password', async () => {
      const reply = await login('alice', 'alice-secret');

      expect(reply.data).toMatchObject({ username: 'alice', name: 'Alice', groupid: 2 });
      expect(reply.session).toMatchObject({ set: expect.stringMatching(/^[a-f0-9]{64}$/) });
      const stored = await users().findOne({ username: 'alice' });
      expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
      expect(JSON.stringify(stored)).not.toContain('alice-secret');
      // The account logs in again through the directory, as the same user.
      expect((await login('alice', 'alice-secret')).data?.uid).toBe(stored?.uid);
      expect(await users().count({ username: 'alice' })).toBe(1);
    });

    it('refuses a wrong password like a wrong local password', async () => {
      expect(await loginFailure('carol', 'not-carols')).toMatchObject({ code: 10204, key: 'username_or_password_incorrect' });
      expect(await users().count({ username: 'carol' })).toBe(0);
    });

    it('refuses a name the directory does not know', async () => {
      expect(await loginFailure('mallory', 'alice-secret')).toMatchObject({ code: 10204 });
      expect(await users().count({ username: 'mallory' })).toBe(0);
    });

    it.each(['*', 'a*', '*)(uid=*', 'alice)(uid=*', 'alice)(|(uid=*', 'ali\\63e', 'alice\\', 'alice\0', '(uid=alice)'])(
      'treats the LDAP filter characters in %j as text',
      async (username) => {
        expect(await loginFailure(username, 'alice-secret')).toMatchObject({ code: 10204, key: 'username_or_password_incorrect' });
        expect(await users().count({ username })).toBe(0);
      },
    );

    it('uses the configured search filter: login by mail gives the directory name', async () => {
      await save(form({ search_filter: '(&(objectClass=inetOrgPerson)(|(uid=%(user)s)(mail=%(user)s)))' }));
      try {
        expect((await login('bob@example.com', 'bob-secret')).data).toMatchObject({ username: 'bob' });
        expect(await loginFailure('*@example.com', 'bob-secret')).toMatchObject({ code: 10204 });
      } finally {
        await save(form());
      }
    });

    it('still logs local users in with their local password', async () => {
      const local = await createUser(ctx.app, { password: 'local-pass' });
      expect((await login(local.username, 'local-pass')).data).toMatchObject({ uid: local.uid });
    });

    it('answers 10011 when the directory is down at login, and works again when it is back', async () => {
      await slapd.stop();
      try {
        expect(await loginFailure('bob', 'bob-secret')).toMatchObject({ code: 10011, key: 'ldap_login_unavailable' });
      } finally {
        await slapd.start();
      }
      expect((await login('bob', 'bob-secret')).data).toMatchObject({ username: 'bob' });
    });

    it('answers 10011 without hanging when the saved directory stops answering', async () => {
      const silent = await startSilentServer();
      const settings = ctx.app.get(SettingRepository);
      const saved = await settings.value('ldap_form');
      await settings.save({ ldap_form: JSON.stringify(form({ port: silent.port })) }, 0);
      try {
        const started = Date.now();
        expect(await loginFailure('bob', 'bob-secret')).toMatchObject({ code: 10011, key: 'ldap_login_unavailable' });
        expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 5);
      } finally {
        await settings.save({ ldap_form: saved ?? '' }, 0);
        await silent.close();
      }
    });

    it('lets nobody in through the directory once directory login is switched off', async () => {
      await save(form(), '0');
      expect(await loginFailure('carol', 'carol-secret')).toMatchObject({ code: 10204 });
      // The form is kept for when it is switched on again.
      expect((await send<SiteSettings>(Subject.AdminSettingLoad, admin)).ldap_form?.host).toBe('127.0.0.1');
      await save(undefined, '1');
      expect((await login('carol', 'carol-secret')).data).toMatchObject({ username: 'carol', name: 'Carol Danvers' });
    });
  });
});
