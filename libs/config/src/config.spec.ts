import * as path from 'node:path';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config';

describe(loadConfig.name, () => {
  it('gives the embedded defaults with an empty environment', () => {
    const sut = loadConfig({});
    expect(sut.http).toMatchObject({ port: 4999, host: '0.0.0.0', requestTimeoutMs: 20_000, trustProxy: false });
    expect(sut.dataDir).toBe(path.resolve('./data'));
    expect(sut.language).toBe('en');
    expect(sut.mongo.url).toBeUndefined();
    expect(sut.adminPassword).toBeUndefined();
  });

  it('reads every variable it names', () => {
    const sut = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/q', LANGUAGE: 'zh-cn', TRUST_PROXY: '1', MONGO_URL: 'mongodb://db:27017/q', SMTP_URL: 'smtp://mail:25' });
    expect(sut.http.port).toBe(8080);
    expect(sut.dataDir).toBe('/tmp/q');
    expect(sut.language).toBe('zh-cn');
    expect(sut.http.trustProxy).toBe(1);
    expect(sut.mongo.url).toBe('mongodb://db:27017/q');
    expect(sut.mail.smtpUrl).toBe('smtp://mail:25');
    expect(ENV_VARIABLES).toEqual(expect.arrayContaining(['PORT', 'DATA_DIR', 'LANGUAGE', 'NATS_URL', 'REDIS_URL', 'MONGO_URL', 'S3_ENDPOINT']));
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['LANGUAGE', 'fr'],
    ['NATS_URL', 'http://nats:4222'],
    ['REDIS_URL', 'not a url'],
    ['QUIRE_ADMIN_PASSWORD', '123'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1,ingress.internal'],
    ['TRUSTED_ORIGINS', 'docs.example.com'],
    ['TRUSTED_ORIGINS', 'https://docs.example.com/wiki'],
    ['TRUSTED_ORIGINS', 'https://ok.example.com,ftp://files.example.com'],
  ])('stops the boot on %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}="${value}"`));
  });

  it("reads TRUST_PROXY as off, a number of hops, or the proxies' addresses", () => {
    for (const off of ['false', '0', 'no', 'off']) expect(loadConfig({ TRUST_PROXY: off }).http.trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).http.trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.7 ,fd00::/8,loopback' }).http.trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8', 'loopback']);
  });

  it('refuses TRUST_PROXY=true, which would let any client claim any address, and says what to give instead', () => {
    for (const value of ['true', 'yes', 'on']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        `TRUST_PROXY="${value}": would trust any X-Forwarded-For a client sends (anyone could claim any address): give the number of proxies in front of Quire (e.g. 1 behind one ingress or reverse proxy) or their addresses (comma-separated IPs or CIDRs)`,
      );
    }
  });

  it('reads TRUSTED_ORIGINS as normalised origins, none by default', () => {
    expect(loadConfig({}).http.trustedOrigins).toEqual([]);
    expect(loadConfig({ TRUSTED_ORIGINS: ' https://Docs.Example.com:443/ , http://intranet:8080' }).http.trustedOrigins).toEqual(['https://docs.example.com', 'http://intranet:8080']);
  });

  it('reads UPLOAD_QUOTA_MB as bytes per user: 1 GiB by default, 0 for no limit, never negative', () => {
    expect(loadConfig({}).uploads.quotaBytes).toBe(1024 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_QUOTA_MB: '5' }).uploads.quotaBytes).toBe(5 * 1024 * 1024);
    expect(loadConfig({ UPLOAD_QUOTA_MB: '0' }).uploads.quotaBytes).toBe(0);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: '-1' })).toThrow(/UPLOAD_QUOTA_MB="-1"/);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB: 'lots' })).toThrow(/UPLOAD_QUOTA_MB="lots"/);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ SMTP_URL: '', PORT: '' }).mail.smtpUrl).toBeUndefined();
    expect(loadConfig({ PORT: '' }).http.port).toBe(4999);
  });
});

describe('the secret key configuration', () => {
  const key = Buffer.from('0123456789abcdef0123456789abcdef');

  it('reads QUIRE_SECRET_KEY as base64 (padded or not, URL-safe too) or as 64 hex digits', () => {
    expect(loadConfig({}).secrets.key).toBeUndefined();
    expect(loadConfig({ QUIRE_SECRET_KEY: key.toString('base64') }).secrets.key).toEqual(key);
    expect(loadConfig({ QUIRE_SECRET_KEY: key.toString('base64url') }).secrets.key).toEqual(key);
    expect(loadConfig({ QUIRE_SECRET_KEY: key.toString('hex') }).secrets.key).toEqual(key);
    expect(loadConfig({ QUIRE_SECRET_KEY_PREVIOUS: ` ${key.toString('hex')} ,${Buffer.alloc(32, 7).toString('base64')}` }).secrets.previousKeys).toEqual([key, Buffer.alloc(32, 7)]);
  });

  it.each([
    ['QUIRE_SECRET_KEY', 'short'],
    ['QUIRE_SECRET_KEY', Buffer.alloc(31, 1).toString('base64')],
    ['QUIRE_SECRET_KEY', Buffer.alloc(33, 1).toString('base64')],
    ['QUIRE_SECRET_KEY', 'g'.repeat(64)],
    ['QUIRE_SECRET_KEY_PREVIOUS', `${Buffer.alloc(32, 1).toString('base64')},nope`],
  ])('stops the boot on a bad %s, naming the variable without showing the value', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}=\\(${value.length} characters, not shown\\): must be 32 bytes`));
    expect(() => loadConfig({ [name]: value })).not.toThrow(value);
  });

  it('puts the key file beside DATA_DIR by default, and refuses one inside it', () => {
    expect(loadConfig({ DATA_DIR: '/srv/quire/data' }).secrets.keyFile).toBe('/srv/quire/data.key');
    expect(loadConfig({ DATA_DIR: '/srv/quire/data', QUIRE_SECRET_KEY_FILE: '/etc/quire/key' }).secrets.keyFile).toBe('/etc/quire/key');
    expect(loadConfig({ DATA_DIR: '/srv/quire/data', QUIRE_SECRET_KEY_FILE: '/srv/quire/data..key' }).secrets.keyFile).toBe('/srv/quire/data..key');
    for (const inside of ['/srv/quire/data/secret.key', '/srv/quire/data']) {
      expect(() => loadConfig({ DATA_DIR: '/srv/quire/data', QUIRE_SECRET_KEY_FILE: inside })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: '/srv/quire/data', QUIRE_SECRET_KEY_FILE: inside })).toThrow(/QUIRE_SECRET_KEY_FILE=.*must be outside DATA_DIR/);
    }
  });
});
