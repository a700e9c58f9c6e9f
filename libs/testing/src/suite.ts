import { containerUnavailableReason } from './containers';
import { findBinary } from './server-process';

/** What a suite's server needs: a binary installed, an environment variable set, or a container image that can run. */
export interface SuiteRequirement {
  binary?: string;
  env?: string;
  /** An image testcontainers starts (where Docker or Podman answers). */
  container?: string;
  /** The suite may skip even under REQUIRE_ALL_SUITES=1: its server cannot run on these machines (MongoDB, MinIO). */
  exempt?: boolean;
}

/**
 * Whether a suite's server can run here. When it cannot, the suite is reported skipped
 * with the reason — unless REQUIRE_ALL_SUITES=1, where that is a failure, except for `exempt` suites.
 */
export function suiteAvailability(requirement: SuiteRequirement): { run: boolean; reason: string } {
  let reason = '';
  if (requirement.binary && !findBinary(requirement.binary)) reason = `${requirement.binary} is not installed`;
  if (requirement.env && !process.env[requirement.env]) reason = `${requirement.env} is not set`;
  if (!reason && requirement.container) reason = containerUnavailableReason(requirement.container);
  if (!reason) return { run: true, reason: '' };
  if (process.env.REQUIRE_ALL_SUITES === '1' && !requirement.exempt) {
    throw new Error(`REQUIRE_ALL_SUITES=1 but this suite cannot run: ${reason}`);
  }
  return { run: false, reason };
}

/** `describe` when the suite's server is available, otherwise a skipped describe naming the reason. */
export function describeWith(requirement: SuiteRequirement, title: string, body: () => void): void {
  const { run, reason } = suiteAvailability(requirement);
  if (run) {
    describe(title, body);
    return;
  }
  console.warn(`[skipped] ${title}: ${reason}`);
  const skipped = describe.skip;
  skipped(`${title} (skipped: ${reason})`, body);
}
