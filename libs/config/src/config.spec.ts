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
    const sut = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/q', LANGUAGE: 'zh-cn', TRUST_PROXY: 'true', MONGO_URL: 'mongodb://db:27017/q', SMTP_URL: 'smtp://mail:25' });
    expect(sut.http.port).toBe(8080);
    expect(sut.dataDir).toBe('/tmp/q');
    expect(sut.language).toBe('zh-cn');
    expect(sut.http.trustProxy).toBe(true);
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
  ])('stops the boot on %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}="${value}"`));
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ SMTP_URL: '', PORT: '' }).mail.smtpUrl).toBeUndefined();
    expect(loadConfig({ PORT: '' }).http.port).toBe(4999);
  });
});
