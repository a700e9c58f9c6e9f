/** One jest run for every suite: unit specs beside the code, medium specs per service, system specs in e2e/. */
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
  'decode-named-character-reference|character-entities[^/]*|ccount|escape-string-regexp|longest-streak|markdown-table|zwitch|devlop)';
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
};

module.exports = {
  testEnvironment: 'node',
  maxWorkers: 2,
  testTimeout: 30_000,
  transform: { '^.+\\.tsx?$': swc, [`/node_modules/${esmOnlyPackages}/.+\\.js$`]: swcEsm },
  transformIgnorePatterns: [`/node_modules/(?!${esmOnlyPackages}/)`],
  testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/web/'],
  moduleNameMapper: Object.fromEntries(
    Object.entries(workspaces).map(([name, dir]) => [`^@quire/${name}$`, `<rootDir>/${dir}/src/index.ts`]),
  ),
};
