import { isIP } from 'node:net';

/** The prefixes of a list in the operators' shared format: `{"prefixes": [{"ipv4Prefix": …} | {"ipv6Prefix": …}]}`. */
export function prefixesOf(text: string): string[] {
  const document = JSON.parse(text) as { prefixes?: unknown };
  if (!Array.isArray(document.prefixes)) throw new Error('the list has no "prefixes"');
  const prefixes = document.prefixes
    .map((entry: { ipv4Prefix?: unknown; ipv6Prefix?: unknown }) => entry.ipv4Prefix ?? entry.ipv6Prefix)
    .filter((prefix): prefix is string => typeof prefix === 'string' && isIP(prefix.split('/')[0] ?? '') !== 0 && /\/\d{1,3}$/.test(prefix));
  if (prefixes.length === 0) throw new Error('the list holds no address range');
  return prefixes;
}
