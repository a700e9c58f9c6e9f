import { findBinary } from './server-process';

/**
 * Whether a suite's server can run here. When it cannot, the suite is reported skipped
 * with the reason — unless REQUIRE_ALL_SUITES=1, where that is a failure. `exempt`
 * suites (MongoDB, MinIO: no server can run on these machines) may skip even then.
 */
export function suiteAvailability(requirement: { binary?: string; env?: string; exempt?: boolean }): { run: boolean; reason: string } {
  let reason = '';
  if (requirement.binary && !findBinary(requirement.binary)) reason = `${requirement.binary} is not installed`;
  if (requirement.env && !process.env[requirement.env]) reason = `${requirement.env} is not set`;
  if (!reason) return { run: true, reason: '' };
  if (process.env.REQUIRE_ALL_SUITES === '1' && !requirement.exempt) {
    throw new Error(`REQUIRE_ALL_SUITES=1 but this suite cannot run: ${reason}`);
  }
  return { run: false, reason };
}

/** `describe` when the suite's server is available, otherwise a skipped describe naming the reason. */
export function describeWith(
  requirement: { binary?: string; env?: string; exempt?: boolean },
  title: string,
  body: () => void,
): void {
  const { run, reason } = suiteAvailability(requirement);
  if (run) {
    describe(title, body);
    return;
  }
  console.warn(`[skipped] ${title}: ${reason}`);
  const skipped = describe.skip;
  skipped(`${title} (skipped: ${reason})`, body);
}
