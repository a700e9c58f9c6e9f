/**
 * A personal domain (contract §9.3): ASCII letters and digits only, and not a number in PHP's
 * sense (`123`, `1e5`), so that `/{item_id or domain}` stays unambiguous.
 */
export function isValidItemDomain(domain: string): boolean {
  return /^[A-Za-z0-9]+$/.test(domain) && !/^\d+(?:e\d+)?$/i.test(domain);
}
