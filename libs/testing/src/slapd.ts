import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { freePort, waitForPort } from './free-port';
import { findBinary, startServerProcess, type ServerProcess } from './server-process';
import { createTestCertificateAuthority, issueServerCertificate } from './test-certificates';

/** A person in the test directory, stored under `ou=people` as an inetOrgPerson. */
export interface DirectoryPerson {
  /** The `uid` attribute and the RDN: `uid=<uid>,ou=people,<base>`. */
  uid: string;
  password: string;
  /** `cn`; defaults to the uid. */
  cn?: string;
  /** `sn`; defaults to the cn. */
  sn?: string;
  mail?: string;
  displayName?: string;
}

/** A group under `ou=groups` (groupOfNames, `member` = the people's DNs), named by its `cn`. */
export interface DirectoryGroup {
  cn: string;
  /** uids of people; an empty group holds only a placeholder member, as groupOfNames needs one. */
  members: string[];
}

/** TLS the test directory serves when asked: LDAPS on its own port and StartTLS on the plain one. */
export interface SlapdTls {
  /** The port of `ldaps://127.0.0.1:<port>`. */
  readonly ldapsPort: number;
  /** The test CA's certificate (PEM) that the server's certificate (for localhost and 127.0.0.1) chains to. */
  readonly caCertPem: string;
}

export interface Slapd extends ServerProcess {
  /** `dc=quire,dc=test` */
  readonly baseDn: string;
  /** `ou=people,dc=quire,dc=test`: where the people live. */
  readonly peopleDn: string;
  /** The rootdn and its password: may bind and read everything. */
  readonly adminDn: string;
  readonly adminPassword: string;
  /** `uid=<uid>,ou=people,<base>` */
  dnOf(uid: string): string;
  /** `ou=groups,dc=quire,dc=test`: where the groups live. */
  readonly groupsDn: string;
  /** Replaces a group's members (creating the group when new), as the rootdn. */
  setGroupMembers(cn: string, members: string[]): Promise<void>;
  /** Present when started with `tls: true`. */
  readonly tls?: SlapdTls;
}

/** People created when a test names none. */
export const DEFAULT_DIRECTORY_PEOPLE: DirectoryPerson[] = [
  { uid: 'alice', password: 'alice-secret', cn: 'Alice Liddell', mail: 'alice@example.com', displayName: 'Alice' },
  { uid: 'bob', password: 'bob-secret', cn: 'Bob Builder', mail: 'bob@example.com' },
  { uid: 'carol', password: 'carol-secret', cn: 'Carol Danvers' },
];

const BASE_DN = 'dc=quire,dc=test';
const ADMIN_DN = `cn=admin,${BASE_DN}`;
const ADMIN_PASSWORD = 'directory-admin-secret';
const GROUPS_DN = `ou=groups,${BASE_DN}`;
/** groupOfNames must have a member: an empty group holds this one. */
const NOBODY_DN = `cn=nobody,${BASE_DN}`;
const SCHEMA_DIR = '/etc/ldap/schema';
const MODULE_DIRS = ['/usr/lib/ldap', '/usr/lib/x86_64-linux-gnu/ldap', '/usr/lib/aarch64-linux-gnu/ldap', '/usr/lib/openldap'];

/** An LDIF value: plain when safe, else base64 (`attr:: <b64>`), as RFC 2849 asks. */
function ldifLine(attribute: string, value: string): string {
  const safe = /^[\x21-\x39\x3b\x3d-\x7e][\x20-\x7e]*$/.test(value) && !value.endsWith(' ');
  return safe ? `${attribute}: ${value}` : `${attribute}:: ${Buffer.from(value, 'utf8').toString('base64')}`;
}

const memberDns = (members: string[]) => (members.length === 0 ? [NOBODY_DN] : members.map((uid) => `uid=${escapeRdnValue(uid)},ou=people,${BASE_DN}`));

function ldif(people: DirectoryPerson[], groups: DirectoryGroup[]): string {
  const blocks = [
    [`dn: ${BASE_DN}`, 'objectClass: dcObject', 'objectClass: organization', 'dc: quire', 'o: Quire test directory'],
    [`dn: ou=people,${BASE_DN}`, 'objectClass: organizationalUnit', 'ou: people'],
    [`dn: ${GROUPS_DN}`, 'objectClass: organizationalUnit', 'ou: groups'],
    ...groups.map((group) => [
      ldifLine('dn', `cn=${escapeRdnValue(group.cn)},${GROUPS_DN}`),
      'objectClass: groupOfNames',
      ldifLine('cn', group.cn),
      ...memberDns(group.members).map((dn) => ldifLine('member', dn)),
    ]),
    ...people.map((person) => {
      const cn = person.cn ?? person.uid;
      return [
        ldifLine('dn', `uid=${escapeRdnValue(person.uid)},ou=people,${BASE_DN}`),
        'objectClass: inetOrgPerson',
        ldifLine('uid', person.uid),
        ldifLine('cn', cn),
        ldifLine('sn', person.sn ?? cn),
        ldifLine('userPassword', person.password),
        ...(person.mail ? [ldifLine('mail', person.mail)] : []),
        ...(person.displayName ? [ldifLine('displayName', person.displayName)] : []),
      ];
    }),
  ];
  return `${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

/** RFC 4514 escaping of an RDN value. */
function escapeRdnValue(value: string): string {
  return value
    .replace(/[,+"\\<>;=]/g, (c) => `\\${c}`)
    .replace(/^[ #]/, (c) => `\\${c}`)
    .replace(/ $/, '\\ ');
}

function moduleDir(): string {
  const found = MODULE_DIRS.find((dir) => fs.existsSync(path.join(dir, 'back_mdb.la')) || fs.existsSync(path.join(dir, 'back_mdb.so')));
  if (!found) throw new Error(`the slapd mdb backend module was not found in ${MODULE_DIRS.join(', ')}`);
  return found;
}

/**
 * A real OpenLDAP slapd on a free loopback port: a generated slapd.conf (mdb backend, suffix
 * `dc=quire,dc=test`, rootdn `cn=admin,…`), loaded with `people` through slapadd before the start.
 * Anonymous and authenticated users may read; people bind as `uid=<uid>,ou=people,…`.
 */
export async function startSlapd(options: { people?: DirectoryPerson[]; groups?: DirectoryGroup[]; tls?: boolean } = {}): Promise<Slapd> {
  const people = options.people ?? DEFAULT_DIRECTORY_PEOPLE;
  const slapadd = findBinary('slapadd');
  if (!slapadd) throw new Error('slapadd is not installed (apt-get install -y slapd)');
  const ldapsPort = options.tls ? await freePort() : 0;
  const groups = new Set((options.groups ?? []).map((group) => group.cn));
  let caCertPem = '';
  const server = await startServerProcess({
    binary: 'slapd',
    prepare(_port, dir) {
      const db = path.join(dir, 'db');
      fs.mkdirSync(db, { recursive: true });
      const conf = path.join(dir, 'slapd.conf');
      const tls: string[] = [];
      if (options.tls) {
        const ca = createTestCertificateAuthority('Quire test directory CA', dir);
        const certificate = issueServerCertificate(ca, dir);
        caCertPem = ca.certPem;
        tls.push(`TLSCACertificateFile ${ca.certFile}`, `TLSCertificateFile ${certificate.certFile}`, `TLSCertificateKeyFile ${certificate.keyFile}`);
      }
      fs.writeFileSync(
        conf,
        [
          ...['core', 'cosine', 'inetorgperson', 'nis'].map((name) => `include ${SCHEMA_DIR}/${name}.schema`),
          `modulepath ${moduleDir()}`,
          'moduleload back_mdb',
          `pidfile ${path.join(dir, 'slapd.pid')}`,
          `argsfile ${path.join(dir, 'slapd.args')}`,
          ...tls,
          'access to attrs=userPassword by self write by anonymous auth by * none',
          'access to * by * read',
          'database mdb',
          'maxsize 16777216',
          `suffix "${BASE_DN}"`,
          `rootdn "${ADMIN_DN}"`,
          `rootpw ${ADMIN_PASSWORD}`,
          `directory ${db}`,
          'index objectClass eq',
          '',
        ].join('\n'),
      );
      const source = path.join(dir, 'entries.ldif');
      fs.writeFileSync(source, ldif(people, options.groups ?? []));
      execFileSync(slapadd, ['-f', conf, '-l', source], { stdio: 'pipe' });
    },
    // -d 0: stay in the foreground (the test owns the process) without debug output.
    // With TLS: LDAPS on its own port; the plain port answers StartTLS.
    args: (port, dir) => ['-d', '0', '-f', path.join(dir, 'slapd.conf'), '-h', [`ldap://127.0.0.1:${port}/`, ...(ldapsPort ? [`ldaps://127.0.0.1:${ldapsPort}/`] : [])].join(' ')],
    url: (port) => `ldap://127.0.0.1:${port}`,
  });
  if (ldapsPort) await waitForPort(ldapsPort, 15_000);
  const start = server.start.bind(server);
  return Object.assign(server, {
    baseDn: BASE_DN,
    peopleDn: `ou=people,${BASE_DN}`,
    adminDn: ADMIN_DN,
    adminPassword: ADMIN_PASSWORD,
    dnOf: (uid: string) => `uid=${escapeRdnValue(uid)},ou=people,${BASE_DN}`,
    groupsDn: GROUPS_DN,
    async start() {
      await start();
      if (ldapsPort) await waitForPort(ldapsPort, 15_000);
    },
    async setGroupMembers(cn: string, members: string[]) {
      const ldapmodify = findBinary('ldapmodify');
      if (!ldapmodify) throw new Error('ldapmodify is not installed (apt-get install -y ldap-utils)');
      const dn = `cn=${escapeRdnValue(cn)},${GROUPS_DN}`;
      const change = groups.has(cn)
        ? [ldifLine('dn', dn), 'changetype: modify', 'replace: member', ...memberDns(members).map((member) => ldifLine('member', member)), '-']
        : [ldifLine('dn', dn), 'changetype: add', 'objectClass: groupOfNames', ldifLine('cn', cn), ...memberDns(members).map((member) => ldifLine('member', member))];
      const file = path.join(server.dir, `group-change-${Date.now()}.ldif`);
      fs.writeFileSync(file, `${change.join('\n')}\n`);
      await promisify(execFile)(ldapmodify, ['-x', '-H', server.url, '-D', ADMIN_DN, '-w', ADMIN_PASSWORD, '-f', file]);
      groups.add(cn);
    },
    ...(ldapsPort ? { tls: { ldapsPort, caCertPem } } : {}),
  });
}
