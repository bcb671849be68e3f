import { BlockList, isIP } from 'node:net';

/**
 * Which kind of network an IP address belongs to. Only 'public' may be fetched in production;
 * the test-only setting also allows 'loopback' and 'private'.
 */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'carrier-grade-nat'
  | 'link-local'
  | 'unspecified'
  | 'multicast'
  | 'reserved'
  | 'ipv4-mapped'
  | 'not-an-address';

type Family = 'ipv4' | 'ipv6';
type Range = readonly [network: string, prefix: number, family: Family];

// Order matters: the first class whose ranges contain the address wins.
const RANGES: ReadonlyArray<readonly [Exclude<AddressClass, 'public' | 'not-an-address'>, readonly Range[]]> = [
  ['ipv4-mapped', [['::ffff:0:0', 96, 'ipv6']]],
  ['unspecified', [['0.0.0.0', 8, 'ipv4'], ['::', 128, 'ipv6']]],
  ['loopback', [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']]],
  ['private', [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']]],
  ['carrier-grade-nat', [['100.64.0.0', 10, 'ipv4']]],
  ['link-local', [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']]],
  ['multicast', [['224.0.0.0', 4, 'ipv4'], ['ff00::', 8, 'ipv6']]],
  [
    'reserved',
    [
      ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
      ['192.0.2.0', 24, 'ipv4'], // documentation
      ['192.88.99.0', 24, 'ipv4'], // 6to4 relay anycast
      ['198.18.0.0', 15, 'ipv4'], // benchmarking
      ['198.51.100.0', 24, 'ipv4'], // documentation
      ['203.0.113.0', 24, 'ipv4'], // documentation
      ['240.0.0.0', 4, 'ipv4'], // reserved, includes 255.255.255.255
      ['::', 96, 'ipv6'], // IPv4-compatible (deprecated)
      ['64:ff9b::', 96, 'ipv6'], // NAT64: reaches IPv4 networks behind the translator
      ['64:ff9b:1::', 48, 'ipv6'],
      ['100::', 64, 'ipv6'], // discard
      ['2001::', 32, 'ipv6'], // Teredo: embeds an IPv4 address
      ['2001:db8::', 32, 'ipv6'], // documentation
      ['2002::', 16, 'ipv6'], // 6to4: embeds an IPv4 address
      ['fec0::', 10, 'ipv6'], // site-local (deprecated)
    ],
  ],
];

// One list per family: a BlockList matches an IPv4 address against IPv4-mapped IPv6 rules too.
function blockListsFor(family: Family) {
  return RANGES.map(([addressClass, ranges]) => {
    const list = new BlockList();
    for (const [network, prefix, rangeFamily] of ranges) if (rangeFamily === family) list.addSubnet(network, prefix, family);
    return [addressClass, list] as const;
  });
}
const BLOCK_LISTS: Record<Family, ReturnType<typeof blockListsFor>> = { ipv4: blockListsFor('ipv4'), ipv6: blockListsFor('ipv6') };

const GLOBAL_UNICAST_V6 = new BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');

/** Classifies a literal IP address (no brackets). Names and malformed text are 'not-an-address'. */
export function classifyAddress(address: string): AddressClass {
  const version = isIP(address);
  if (version === 0) return 'not-an-address';
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  try {
    for (const [addressClass, list] of BLOCK_LISTS[family]) {
      if (list.check(address, family)) return addressClass;
    }
    if (family === 'ipv6' && !GLOBAL_UNICAST_V6.check(address, 'ipv6')) return 'reserved';
    return 'public';
  } catch {
    return 'not-an-address';
  }
}

/** A URL's hostname as an IP literal without brackets, or null when it is a name. */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}

const CLASS_WORDS: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'this machine (loopback)',
  private: 'a private network',
  'carrier-grade-nat': 'a shared carrier network (100.64.0.0/10)',
  'link-local': 'a link-local network (such as the cloud metadata service)',
  unspecified: 'an unspecified address (0.0.0.0)',
  multicast: 'a multicast group',
  reserved: 'a reserved network',
  'ipv4-mapped': 'an IPv4-mapped IPv6 address',
  'not-an-address': 'an address we could not read',
};

export function describeAddressClass(addressClass: Exclude<AddressClass, 'public'>): string {
  return CLASS_WORDS[addressClass];
}

/** Names that lead to the machine itself, the local network or a cloud metadata service. */
const METADATA_NAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.azure.internal',
]);
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.intranet', '.lan', '.home', '.corp', '.home.arpa', '.localdomain'];

export type HostnameVerdict = 'ok' | 'metadata' | 'local-name' | 'single-label';

/** Checks a host name (not an IP literal); request-filtering-agent then checks every address it resolves to. */
export function checkHostname(hostname: string): HostnameVerdict {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (METADATA_NAMES.has(name)) return 'metadata';
  if (name === 'localhost' || LOCAL_SUFFIXES.some((suffix) => name.endsWith(suffix))) return 'local-name';
  if (!name.includes('.')) return 'single-label';
  return 'ok';
}

export const STANDARD_PORTS: readonly number[] = [80, 443];

export interface TargetPolicy {
  /** Test-only: loopback and private addresses are allowed. */
  allowPrivateAddresses: boolean;
  /** Ports besides 80 and 443 (test-only). */
  extraPorts: readonly number[];
}

export const PRODUCTION_POLICY: TargetPolicy = { allowPrivateAddresses: false, extraPorts: [] };

export function isAddressAllowed(address: string, policy: TargetPolicy): boolean {
  const addressClass = classifyAddress(address);
  if (addressClass === 'public') return true;
  return policy.allowPrivateAddresses && (addressClass === 'loopback' || addressClass === 'private');
}

export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * Why a URL may not be fetched, as a readable sentence, or null when it may be.
 * Checked before the first request and again for every redirect hop; the filtering agent checks
 * the address actually connected to (DNS answers included) on top of this.
 */
export function refusalReason(url: URL, policy: TargetPolicy): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `it uses ${url.protocol.replace(/:$/, '')}, and only http and https addresses are read`;
  }
  if (url.username !== '' || url.password !== '') return 'it contains a user name or password';
  const port = effectivePort(url);
  if (!STANDARD_PORTS.includes(port) && !policy.extraPorts.includes(port)) {
    return `it uses port ${port}, and only the standard web ports 80 and 443 are read`;
  }
  const literal = ipLiteralOf(url.hostname);
  if (literal !== null) {
    if (isAddressAllowed(literal, policy)) return null;
    const addressClass = classifyAddress(literal);
    return `it points to ${describeAddressClass(addressClass === 'public' ? 'reserved' : addressClass)}`;
  }
  const verdict = checkHostname(url.hostname);
  switch (verdict) {
    case 'ok':
      return null;
    case 'metadata':
      return 'it names a cloud metadata service';
    case 'local-name':
    case 'single-label':
      return policy.allowPrivateAddresses ? null : 'it names a local or internal host, not a public website';
  }
}
