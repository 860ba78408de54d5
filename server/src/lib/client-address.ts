import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (expands `::`; an embedded IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((g) => {
          if (!isIPv4(g)) return [g];
          const [a, b, c, d] = g.split('.').map(Number) as [number, number, number, number];
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}

/**
 * The unit a client is counted by in rate limits: an IPv4 address, or an IPv6 /64 (one home or
 * office gets a whole /64, so counting single IPv6 addresses would give it 2^64 budgets).
 * IPv4-mapped IPv6 (::ffff:192.0.2.1) counts as the IPv4 address.
 */
export function addressKey(ip: string): string {
  const zoneless = ip.split('%')[0] ?? ip;
  if (isIPv4(zoneless)) return zoneless;
  if (!isIPv6(zoneless)) return zoneless;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(zoneless);
  if (mapped) return mapped[1]!;
  return `${ipv6Groups(zoneless.toLowerCase()).slice(0, 4).join(':')}::/64`;
}
