import { OIDC_PUBLIC_URL } from '../scenarios/oidc.scenario';
import { describeSignInScenarios } from '../scenarios/scenario-groups';
import { ALL_SERVICES, describeDistributed, startDistributedSystem, type DistributedSystem } from '../src/distributed-system';

/**
 * The sign-in and account scenarios (e2e/scenarios/scenario-groups.ts) against one distributed system: personal
 * tokens resolved by the gateway from Redis, two-factor and OpenID Connect in the auth service (states in Redis), a
 * ShowDoc site imported by the import service, LDAP groups followed by the team service over NATS.
 */
describeDistributed('sign-in and account scenarios, distributed', () => {
  let system: DistributedSystem;

  beforeAll(async () => {
    system = await startDistributedSystem({
      services: ALL_SERVICES,
      s3: true,
      env: { PUBLIC_URL: OIDC_PUBLIC_URL, HTTP_PROXY_ALLOW_HOSTS: '127.0.0.1', RATE_LIMIT_PER_MINUTE: '1000' },
    });
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describeSignInScenarios(() => system.target);
});
