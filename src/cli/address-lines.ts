/**
 * The banner's address lines: the API's URL on this machine, then one
 * Network line per address another device (a phone on the same Wi-Fi, an
 * emulator) can open, from the same list the dashboard shows.
 */
import type { ServedAddress } from '../core/served-addresses.js';

/** `API  <local url>` (or the only address), then `Network  <url>` for each address other devices can use. */
export function addressLines(addresses: readonly ServedAddress[], apiPath: string): string[] {
  const [first, ...rest] = addresses;
  if (!first) return [];
  return [`  API       ${first.origin}${apiPath}`, ...rest.map((a) => `  Network   ${a.origin}${apiPath}  (other devices on your network)`)];
}
