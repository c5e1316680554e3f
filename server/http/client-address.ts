// The key one client's share is counted under (image places, open connections): its address,
// IPv6 folded to its /64, as the rate limits count it. An IPv6 client normally holds a whole /64
// and could use a new address for every request or socket.
import { normalizeIP } from '@fastify/rate-limit';

export function clientAddressKey(ip: string): string {
  return normalizeIP(ip);
}
