import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy';

/** Where a host may be reached: the one address to connect to, the internal address that refuses it, or no address at all. */
export type HostCheck = { address: string } | { refused: string } | { unknown: true };

/** Every address a host name has (as the system resolver gives them). */
export async function resolveHost(hostname: string): Promise<string[]> {
  return (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}

/** A URL's host name without the brackets of an IPv6 literal. */
export const bareHostname = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves a host once and checks every address it has against the policy: refused when any is internal, so a
 * name that resolves to a public and a private address cannot reach the private one. The connection must then
 * go to the address answered (`pinnedLookup`), so DNS cannot switch it afterwards (rebinding).
 */
export async function checkHost(hostname: string, policy: AddressPolicy, resolve: (hostname: string) => Promise<string[]> = resolveHost): Promise<HostCheck> {
  let addresses: string[];
  try {
    addresses = isIP(hostname) ? [hostname] : await resolve(hostname);
  } catch {
    return { unknown: true };
  }
  if (addresses.length === 0) return { unknown: true };
  const refused = addresses.find((address) => policy.isForbidden(address));
  return refused === undefined ? { address: addresses[0] } : { refused };
}

/** A `lookup` for node's http(s) requests that answers the checked address whatever the name. */
export function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
