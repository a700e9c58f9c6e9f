/**
 * One jest run, three projects (`npm test` runs them all, `jest --selectProjects <name>` one):
 * - unit: specs beside the code (`src/`) and the SPA's logic (`e2e/web/`), no server started;
 * - integration: medium specs per service (`test/`), system specs (`*.e2e-spec.ts`), and the specs
 *   beside the code that start a real server (nats-server, redis-server, slapd, strace, or a
 *   protocol server in the test: SMTP, S3, MongoDB) or a process they kill;
 * - browser: the SPA in Debian's chromium (`e2e/browser/`).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  },
];

/**
 * The unified/remark family that libs/markdown parses with is ESM-only; jest on Node 20 cannot
 * require(esm) (Node itself can), so swc compiles those packages to CommonJS for the tests.
 */
const esmOnlyPackages =
  '(unified|bail|trough|is-plain-obj|vfile[^/]*|unist-util-[^/]+|mdast-util-[^/]+|micromark[^/]*|remark-[^/]+|' +
  'decode-named-character-reference|character-entities[^/]*|ccount|escape-string-regexp|longest-streak|markdown-table|zwitch|devlop|' +
  // otplib's base32 and HMAC (issue 21's two-factor sign-in)
  '@scure/base|@noble/hashes|@otplib/[^/]+|' +
  // openid-client and what it builds on (issue 21's single sign-on)
  'openid-client|oauth4webapi|jose)';
const swcEsm = ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs' } }];

const workspaces = {
  proto: 'proto',
  config: 'libs/config',
  platform: 'libs/platform',
  testing: 'libs/testing',
  markdown: 'libs/markdown',
  gateway: 'gateway',
  embedded: 'embedded',
  'auth-service': 'services/auth',
  'item-service': 'services/item',
  'page-service': 'services/page',
  'team-service': 'services/team',
  'notice-service': 'services/notice',
  'admin-service': 'services/admin',
  'export-service': 'services/export',
  'search-service': 'services/search',
  'import-service': 'services/import',
  'collab-service': 'services/collab',
  'webhook-service': 'services/webhook',
  'audit-service': 'services/audit',
};

/** Specs beside the code that start a real server or a process they kill, so they run with the integration project. */
const serverSpecs = [
  'libs/platform/src/platform.module.spec.ts',
  'libs/platform/src/blob-storage/minio-blob-storage.spec.ts',
  'libs/platform/src/change-feed/jetstream-change-feed.spec.ts',
  'libs/platform/src/document-store/mongo-document-store.spec.ts',
  'libs/platform/src/document-store/mongo-document-store.reconnect.spec.ts',
  'libs/platform/src/document-store/mongo-document-store.wire.spec.ts',
  'libs/platform/src/job-queue/bullmq-job-queue.spec.ts',
  'libs/platform/src/key-value/redis-key-value-store.spec.ts',
  'libs/platform/src/mailer/smtp-mailer.spec.ts',
  'libs/platform/src/net/pinned-request.spec.ts',
  'libs/platform/src/sqlite/sqlite-database.sync.spec.ts',
  'libs/platform/src/sqlite/sqlite-key-value-store.spec.ts',
  'libs/platform/src/transport/nats-transport.spec.ts',
  'libs/testing/src/slapd.spec.ts',
].map((file) => `<rootDir>/${file}`);

const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': swc, [`/node_modules/${esmOnlyPackages}/.+\\.js$`]: swcEsm },
  transformIgnorePatterns: [`/node_modules/(?!${esmOnlyPackages}/)`],
  moduleNameMapper: Object.fromEntries(Object.entries(workspaces).map(([name, dir]) => [`^@quire/${name}$`, `<rootDir>/${dir}/src/index.ts`])),
};
const ignored = ['/node_modules/', '/dist/', '<rootDir>/web/'];
const escaped = (file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = {
  maxWorkers: 2,
  // A loaded CI machine runs a test several times slower than a quiet one (see e2e/browser/support/test-timeout.ts).
  testTimeout: 60_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/src/**/*.spec.ts', '<rootDir>/e2e/web/**/*.spec.ts'],
      testPathIgnorePatterns: [...ignored, ...serverSpecs.map(escaped)],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/**/test/**/*.spec.ts', '<rootDir>/**/*.e2e-spec.ts', ...serverSpecs],
      testPathIgnorePatterns: [...ignored, '<rootDir>/e2e/browser/'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/e2e/browser/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: ignored,
      setupFilesAfterEnv: ['<rootDir>/e2e/browser/support/test-timeout.ts'],
    },
  ],
};
