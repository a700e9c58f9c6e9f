import { OIDC_PUBLIC_URL } from '../scenarios/oidc.scenario';
import { describePersonalTokenRateLimit } from '../scenarios/personal-tokens.scenario';
import { describeSignInScenarios } from '../scenarios/scenario-groups';
import { scanTree } from '../scenarios/secrets-at-rest.scenario';
import { startEmbeddedSystem, type EmbeddedSystem } from '../src/embedded-system';

/** A personal token's calls a minute here (600 by default), so the limit is reached in a test. */
const TOKEN_LIMIT = 10;

/**
 * The sign-in and account scenarios (e2e/scenarios/scenario-groups.ts) against one embedded app; then a personal
 * token's own rate limit, and the OpenID client secret looked for on disk.
 */
describe('sign-in and account scenarios, embedded', () => {
  let system: EmbeddedSystem;

  beforeAll(async () => {
    system = await startEmbeddedSystem({
      PUBLIC_URL: OIDC_PUBLIC_URL,
      HTTP_PROXY_ALLOW_HOSTS: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '1000',
      TOKEN_RATE_LIMIT_PER_MINUTE: String(TOKEN_LIMIT),
    });
  });

  afterAll(async () => {
    await system?.stop();
  });

  describeSignInScenarios(() => system.target);

  describe('personal API tokens, their own rate limit', () => describePersonalTokenRateLimit(() => system.target, TOKEN_LIMIT));

  it('keeps the OpenID client secret encrypted at rest', async () => {
    const files = scanTree(system.dataDir).files;
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => /secret-\d+-\d+/.test(file.content)).map((file) => file.file)).toEqual([]);
  });
});
