/**
 * Where a listening sandbox can be reached: the start-up banner and the
 * dashboard list the same addresses (like Vite's Local and Network lines).
 * Listening on all interfaces (0.0.0.0 or ::), 0.0.0.0 is no address a
 * phone can open: each interface's own address is listed instead, IPv4
 * first (what a phone on the same Wi-Fi types), then IPv6.
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

export interface ServedAddress {
  /** `local`: this machine only; `network`: other devices on the network too. */
  kind: 'local' | 'network';
  /** `scheme://host:port` */
  origin: string;
}

export type InterfaceList = NodeJS.Dict<NetworkInterfaceInfo[]>;

const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '::0', '0:0:0:0:0:0:0:0']);

/** Whether `host` means every interface. */
export function isWildcardHost(host: string): boolean {
  return WILDCARDS.has(host);
}

/** Whether only this machine can reach `host`. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

function originOf(scheme: string, host: string, port: number): string {
  const bare = host.replace(/^\[|\]$/g, '');
  return `${scheme}://${bare.includes(':') ? `[${bare}]` : bare}:${port}`;
}

/**
 * The addresses of a sandbox listening on `host`:`port`. For a wildcard
 * host: loopback first, then every non-internal address `interfaces` lists
 * (IPv4, then IPv6 when listening on ::, without link-local ones, which
 * need a zone a URL cannot carry). Otherwise the host itself.
 */
export function servedAddresses(host: string, port: number, scheme: 'http' | 'https', interfaces: () => InterfaceList = networkInterfaces): ServedAddress[] {
  // The interfaces are read only for a wildcard host: every start on loopback (the default) skips the scan.
  if (!isWildcardHost(host)) return [{ kind: isLoopbackHost(host) ? 'local' : 'network', origin: originOf(scheme, host, port) }];
  const ipv6 = host !== '0.0.0.0';
  // 0.0.0.0 listens on IPv4 only, where `localhost` may resolve to ::1 first.
  const local: ServedAddress = { kind: 'local', origin: originOf(scheme, ipv6 ? 'localhost' : '127.0.0.1', port) };
  const external = Object.values(interfaces())
    .flatMap((list) => list ?? [])
    .filter((info) => !info.internal);
  const v4 = external.filter((info) => info.family === 'IPv4');
  const v6 = ipv6 ? external.filter((info) => info.family === 'IPv6' && !/^fe80:/i.test(info.address)) : [];
  const seen = new Set<string>();
  const network = [...v4, ...v6]
    .map((info) => originOf(scheme, info.address, port))
    .filter((origin) => !seen.has(origin) && seen.add(origin))
    .map((origin): ServedAddress => ({ kind: 'network', origin }));
  return [local, ...network];
}
