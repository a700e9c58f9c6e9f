/**
 * The arrows of ARCHITECTURE.md are checked by `npm run lint`: a file that crosses one is reported with the rule's
 * message, whether it names the other side by its package (`@quire/item-service`) or by a relative path. Each case
 * is a small fixture linted as if it lay at `filePath`, by the repository's own eslint.config.mjs through ESLint's
 * Node API (in a child process: the config is an ES module, which jest's CommonJS sandbox cannot load).
 * Type information is switched off for the fixtures, which exist in no tsconfig; the import rules do not use it.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

interface Fixture {
  filePath: string;
  code: string;
}
interface Reported {
  rule: string | null;
  message: string;
}

const LINT_FIXTURES = `
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
const fixtures = JSON.parse(readFileSync(0, 'utf8'));
const eslint = new ESLint({ overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'], ...tseslint.configs.disableTypeChecked }] });
const reports = [];
for (const { filePath, code } of fixtures) {
  const [result] = await eslint.lintText(code, { filePath });
  reports.push(result.messages.map((m) => ({ rule: m.ruleId, message: m.message })));
}
process.stdout.write(JSON.stringify(reports));
`;

/** What `npm run lint` reports for each fixture, in order. */
function lint(fixtures: Fixture[]): Reported[][] {
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', LINT_FIXTURES], {
    cwd: root,
    input: JSON.stringify(fixtures.map(({ filePath, code }) => ({ filePath: path.join(root, filePath), code }))),
    encoding: 'utf8',
  });
  return JSON.parse(output) as Reported[][];
}

const restricted = (importPath: string, why: string): Reported => ({
  rule: 'import-x/no-restricted-paths',
  message: `Unexpected path "${importPath}" imported in restricted zone. ${why}`,
});
const SERVICE_TO_SERVICE = 'A service never imports another service: ask it over the transport (its subjects are in proto/).';
const GATEWAY_TO_SERVICE = 'The gateway never imports a service: it forwards to the subject that proto/ names.';
const WEB_TO_SERVER = 'The web app never imports server code: it speaks HTTP (types from @quire/proto only).';
const PLATFORM_TO_PROTO = 'libs/platform knows no domain: services register their job types, cache keys and error codes with it.';

describe('boundary rules (npm run lint)', () => {
  const cases: { name: string; fixture: Fixture; reported: Reported[] }[] = [
    {
      name: 'a service importing another service by its package name',
      fixture: { filePath: 'services/page/src/lint-fixture.ts', code: "import { ItemModule } from '@quire/item-service';\nexport const modules = [ItemModule];\n" },
      reported: [restricted('@quire/item-service', SERVICE_TO_SERVICE)],
    },
    {
      name: 'a service importing another service by a relative path',
      fixture: { filePath: 'services/page/src/page/lint-fixture.ts', code: "import { ItemModule } from '../../../item/src/item.module';\nexport const modules = [ItemModule];\n" },
      reported: [restricted('../../../item/src/item.module', SERVICE_TO_SERVICE)],
    },
    {
      name: 'the gateway importing a service',
      fixture: { filePath: 'gateway/src/api/lint-fixture.ts', code: "import { PageModule } from '@quire/page-service';\nexport const modules = [PageModule];\n" },
      reported: [restricted('@quire/page-service', GATEWAY_TO_SERVICE)],
    },
    {
      name: 'the web app importing server code',
      fixture: { filePath: 'web/src/lib/lint-fixture.ts', code: "import { loadConfig } from '../../../libs/config/src';\nexport const config = loadConfig;\n" },
      reported: [restricted('../../../libs/config/src', WEB_TO_SERVER)],
    },
    {
      name: "the web app importing proto's code rather than its types",
      fixture: { filePath: 'web/src/lib/lint-fixture.ts', code: "import { Subject } from '@quire/proto';\nexport const subject = Subject.PagePageInfo;\n" },
      reported: [
        { rule: '@typescript-eslint/no-restricted-imports', message: "'@quire/proto' import is restricted from being used by a pattern. The web app imports only types from @quire/proto." },
      ],
    },
    {
      name: 'libs/platform importing proto',
      fixture: { filePath: 'libs/platform/src/lint-fixture.ts', code: "import { ErrorCode } from '@quire/proto';\nexport const code = ErrorCode;\n" },
      reported: [restricted('@quire/proto', PLATFORM_TO_PROTO)],
    },
    {
      name: 'a service importing the platform, proto and its own modules (allowed)',
      fixture: {
        filePath: 'services/page/src/lint-fixture.ts',
        code: "import { DocumentStore } from '@quire/platform';\nimport { Subject } from '@quire/proto';\nimport { PageModule } from './page.module';\nexport const used = [DocumentStore, Subject, PageModule];\n",
      },
      reported: [],
    },
    {
      name: "the web app importing proto's types (allowed)",
      fixture: { filePath: 'web/src/lib/lint-fixture.ts', code: "import type { PageInfo } from '@quire/proto';\nexport const title = (page: PageInfo): string => page.page_title;\n" },
      reported: [],
    },
    {
      name: 'a medium test wiring another service into its in-process app, as embedded/ does (allowed)',
      fixture: { filePath: 'services/admin/test/lint-fixture.spec.ts', code: "import { AuthModule } from '@quire/auth-service';\nexport const modules = [AuthModule];\n" },
      reported: [],
    },
  ];
  let reports: Reported[][];

  beforeAll(() => {
    reports = lint(cases.map(({ fixture }) => fixture));
  });

  it.each(cases.map((c, index) => [c.name, index] as const))('%s', (_name, index) => {
    expect(reports[index]).toEqual(cases[index].reported);
  });
});
