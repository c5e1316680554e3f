// Which network addresses the server may fetch a user-given URL from: public unicast only (decision
// 0060). Anything else would let a stranger make the server read its own network: loopback, private
// networks, the cloud metadata service at 169.254.169.254, and IPv6 forms that carry an IPv4
// address inside them (IPv4-mapped, NAT64, 6to4, Teredo), which could reach those same places by
// another spelling.
import ipaddr from 'ipaddr.js';

export type AddressVerdict = { public: true } | { public: false; range: string };

// IANA's global unicast space; ipaddr.js calls 'unicast' whatever is not a named special range,
// which for IPv6 includes unallocated space no public host has.
const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');

/** The verdict on one IP address (text form, IPv4 or IPv6, no brackets). Unparsable is not public. */
export function addressVerdict(address: string): AddressVerdict {
  if (!ipaddr.isValid(address)) return { public: false, range: 'invalid' };
  const parsed = ipaddr.parse(address);
  const range = parsed.range();
  if (range !== 'unicast') return { public: false, range };
  if (parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).match(IPV6_GLOBAL_UNICAST)) {
    return { public: false, range: 'unallocated' };
  }
  return { public: true };
}
