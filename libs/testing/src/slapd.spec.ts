import { Client, InvalidCredentialsError } from 'ldapts';
import { startSlapd, type Slapd } from './slapd';
import { describeWith } from './suite';

describeWith({ binary: 'slapd' }, 'startSlapd', () => {
  let slapd: Slapd;

  beforeAll(async () => {
    slapd = await startSlapd({
      people: [
        { uid: 'alice', password: 'alice-secret', cn: 'Alice Liddell', mail: 'alice@example.com' },
        { uid: 'zoë', password: 'zoë-secret', cn: 'Zoë Ünïcode' },
      ],
    });
  });

  afterAll(async () => {
    await slapd?.dispose();
  });

  const withClient = async <T>(run: (client: Client) => Promise<T>): Promise<T> => {
    const client = new Client({ url: slapd.url, timeout: 2000, connectTimeout: 2000 });
    try {
      return await run(client);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  };

  it('serves the people it was given, readable after an admin bind', async () => {
    const entries = await withClient(async (client) => {
      await client.bind(slapd.adminDn, slapd.adminPassword);
      return (await client.search(slapd.peopleDn, { filter: '(objectClass=inetOrgPerson)', attributes: ['uid', 'cn', 'mail'] })).searchEntries;
    });

    expect(entries.map((e) => [e.dn, e.uid, e.cn]).sort()).toEqual([
      ['uid=alice,ou=people,dc=quire,dc=test', 'alice', 'Alice Liddell'],
      ['uid=zoë,ou=people,dc=quire,dc=test', 'zoë', 'Zoë Ünïcode'],
    ]);
  });

  it('lets a person bind with their own password and refuses a wrong one', async () => {
    await expect(withClient((client) => client.bind(slapd.dnOf('alice'), 'alice-secret'))).resolves.toBeUndefined();
    await expect(withClient((client) => client.bind(slapd.dnOf('zoë'), 'zoë-secret'))).resolves.toBeUndefined();
    await expect(withClient((client) => client.bind(slapd.dnOf('alice'), 'wrong'))).rejects.toBeInstanceOf(InvalidCredentialsError);
  });

  it('stops and starts again on the same port', async () => {
    await slapd.stop();
    await expect(withClient((client) => client.bind(slapd.adminDn, slapd.adminPassword))).rejects.toThrow();

    await slapd.start();
    await expect(withClient((client) => client.bind(slapd.adminDn, slapd.adminPassword))).resolves.toBeUndefined();
  });
});

describeWith({ binary: 'slapd' }, 'startSlapd with TLS and groups', () => {
  let slapd: Slapd;

  beforeAll(async () => {
    slapd = await startSlapd({ tls: true, groups: [{ cn: 'developers', members: ['alice'] }] });
  });

  afterAll(async () => {
    await slapd?.dispose();
  });

  const tls = () => ({ ca: [slapd.tls?.caCertPem ?? ''], host: '127.0.0.1', rejectUnauthorized: true });
  const members = async (client: Client) => (await client.search(slapd.groupsDn, { filter: '(cn=developers)', attributes: ['member'] })).searchEntries.map((entry) => entry.member);

  it('serves LDAPS and StartTLS with a certificate its CA vouches for', async () => {
    const ldaps = new Client({ url: `ldaps://127.0.0.1:${slapd.tls?.ldapsPort}`, tlsOptions: tls(), timeout: 2000, connectTimeout: 2000 });
    try {
      await ldaps.bind(slapd.dnOf('alice'), 'alice-secret');
      expect(await members(ldaps)).toEqual([slapd.dnOf('alice')]);
    } finally {
      await ldaps.unbind().catch(() => undefined);
    }
    const plain = new Client({ url: slapd.url, timeout: 2000, connectTimeout: 2000 });
    try {
      await plain.startTLS(tls());
      await plain.bind(slapd.dnOf('bob'), 'bob-secret');
    } finally {
      await plain.unbind().catch(() => undefined);
    }
  });

  it('changes a group and adds a new one', async () => {
    await slapd.setGroupMembers('developers', ['bob', 'carol']);
    await slapd.setGroupMembers('testers', []);
    const client = new Client({ url: slapd.url, timeout: 2000, connectTimeout: 2000 });
    try {
      expect(await members(client)).toEqual([[slapd.dnOf('bob'), slapd.dnOf('carol')]]);
      expect((await client.search(slapd.groupsDn, { filter: '(cn=testers)' })).searchEntries).toHaveLength(1);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  });
});
