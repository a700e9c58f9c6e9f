import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findBinary, startServerProcess, type ServerProcess } from './server-process';

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
const SCHEMA_DIR = '/etc/ldap/schema';
const MODULE_DIRS = ['/usr/lib/ldap', '/usr/lib/x86_64-linux-gnu/ldap', '/usr/lib/aarch64-linux-gnu/ldap', '/usr/lib/openldap'];

/** An LDIF value: plain when safe, else base64 (`attr:: <b64>`), as RFC 2849 asks. */
function ldifLine(attribute: string, value: string): string {
  const safe = /^[\x21-\x39\x3b\x3d-\x7e][\x20-\x7e]*$/.test(value) && !value.endsWith(' ');
  return safe ? `${attribute}: ${value}` : `${attribute}:: ${Buffer.from(value, 'utf8').toString('base64')}`;
}

function ldif(people: DirectoryPerson[]): string {
  const blocks = [
    [`dn: ${BASE_DN}`, 'objectClass: dcObject', 'objectClass: organization', 'dc: quire', 'o: Quire test directory'],
    [`dn: ou=people,${BASE_DN}`, 'objectClass: organizationalUnit', 'ou: people'],
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
export async function startSlapd(options: { people?: DirectoryPerson[] } = {}): Promise<Slapd> {
  const people = options.people ?? DEFAULT_DIRECTORY_PEOPLE;
  const slapadd = findBinary('slapadd');
  if (!slapadd) throw new Error('slapadd is not installed (apt-get install -y slapd)');
  const server = await startServerProcess({
    binary: 'slapd',
    prepare(_port, dir) {
      const db = path.join(dir, 'db');
      fs.mkdirSync(db, { recursive: true });
      const conf = path.join(dir, 'slapd.conf');
      fs.writeFileSync(
        conf,
        [
          ...['core', 'cosine', 'inetorgperson', 'nis'].map((name) => `include ${SCHEMA_DIR}/${name}.schema`),
          `modulepath ${moduleDir()}`,
          'moduleload back_mdb',
          `pidfile ${path.join(dir, 'slapd.pid')}`,
          `argsfile ${path.join(dir, 'slapd.args')}`,
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
      fs.writeFileSync(source, ldif(people));
      execFileSync(slapadd, ['-f', conf, '-l', source], { stdio: 'pipe' });
    },
    // -d 0: stay in the foreground (the test owns the process) without debug output.
    args: (port, dir) => ['-d', '0', '-f', path.join(dir, 'slapd.conf'), '-h', `ldap://127.0.0.1:${port}/`],
    url: (port) => `ldap://127.0.0.1:${port}`,
  });
  return Object.assign(server, {
    baseDn: BASE_DN,
    peopleDn: `ou=people,${BASE_DN}`,
    adminDn: ADMIN_DN,
    adminPassword: ADMIN_PASSWORD,
    dnOf: (uid: string) => `uid=${escapeRdnValue(uid)},ou=people,${BASE_DN}`,
  });
}
