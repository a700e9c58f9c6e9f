import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A certificate authority made for one test: its certificate (PEM) and where its files are. */
export interface TestCertificateAuthority {
  /** The CA certificate, PEM. */
  readonly certPem: string;
  readonly certFile: string;
  readonly keyFile: string;
}

/** A server certificate the CA issued, with its key, as files a server reads. */
export interface TestServerCertificate {
  readonly certFile: string;
  readonly keyFile: string;
}

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: 'pipe' });
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A fresh CA (P-256 key, valid two days) in `dir` (a new temporary directory when absent), made with the `openssl` command. */
export function createTestCertificateAuthority(name = 'Quire test CA', dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-ca-'))): TestCertificateAuthority {
  const certFile = path.join(dir, 'ca.crt');
  const keyFile = path.join(dir, 'ca.key');
  openssl(
    [
      'req',
      '-x509',
      ...EC_KEY,
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ],
    dir,
  );
  return { certPem: fs.readFileSync(certFile, 'utf8'), certFile, keyFile };
}

/** A server certificate for `localhost` and 127.0.0.1 (or the given names), signed by the CA, written to `dir`. */
export function issueServerCertificate(ca: TestCertificateAuthority, dir: string, altNames = ['DNS:localhost', 'IP:127.0.0.1']): TestServerCertificate {
  const keyFile = path.join(dir, 'server.key');
  const csrFile = path.join(dir, 'server.csr');
  const certFile = path.join(dir, 'server.crt');
  const extFile = path.join(dir, 'server.ext');
  fs.writeFileSync(
    extFile,
    [`subjectAltName=${altNames.join(',')}`, 'basicConstraints=CA:FALSE', 'keyUsage=critical,digitalSignature,keyEncipherment', 'extendedKeyUsage=serverAuth', ''].join('\n'),
  );
  openssl(['req', ...EC_KEY, '-keyout', keyFile, '-out', csrFile, '-subj', '/CN=localhost'], dir);
  openssl(['x509', '-req', '-in', csrFile, '-CA', ca.certFile, '-CAkey', ca.keyFile, '-CAcreateserial', '-out', certFile, '-days', '2', '-extfile', extFile], dir);
  return { certFile, keyFile };
}
