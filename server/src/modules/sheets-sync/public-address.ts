import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the sheet's image URLs may lead (docs/decisions/0019-sheet-image-addresses.md): public
 * addresses only. Loopback, private, shared (CGNAT), link-local, multicast, unspecified, reserved and
 * documentation ranges are refused, for IPv4 and IPv6 (IPv4-mapped and NAT64 forms included), unless
 * the operator allowed a network (SHEET_IMAGE_ALLOWED_NETWORKS, e.g. a company's image server).
 */
const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6');

/** The networks an operator allowed besides public ones, from CIDR strings ("10.1.2.0/24", "::1/128"). */
export function allowedNetworks(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [net, bits] = cidr.split('/');
    const family = isIP(net ?? '') === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(net!, Number(bits), family);
  }
  return list;
}

/** Whether a connection to this IP address may be made. */
export function isAllowedAddress(address: string, allowed: BlockList): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  if (allowed.check(address, type)) return true;
  return !NOT_PUBLIC.check(address, type);
}

/** A refused destination; the sync report says only that the address is not allowed. */
export class AddressRefused extends Error {
  readonly code = 'ADDRESS_REFUSED';
}

/**
 * A DNS lookup for node:https that answers only allowed addresses: every address of the name is
 * checked (a name with one private address is refused whole), and the connection is made to the
 * checked address itself, so a second resolution cannot swap it (DNS rebinding). Each redirect hop
 * is a new request and goes through here again.
 */
export function guardedLookup(allowed: BlockList): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const refused = list.length === 0 || list.some((a) => !isAllowedAddress(a.address, allowed));
      if (refused) return callback(new AddressRefused(hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const [first] = list;
      callback(null, first!.address, first!.family);
    });
  };
}
