// Caps the HTTP connections one client address holds open at once (issue 34): sockets are counted
// per peer address (IPv6 per /64, client-address.ts) as they are accepted, and one more than the
// cap is answered 429 with Retry-After and closed before the HTTP server ever sees it, so it costs
// no parsing and no request. Behind a load balancer every socket comes from the balancer: its
// addresses (TRUST_PROXY as a list) are not counted, and with TRUST_PROXY=true or a hop count,
// where any peer may be a proxy, there is no cap (decision 0054).
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { CLIENT_SHARES } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import { clientAddressKey } from './client-address';
import { answerAndClose } from './raw-answer';

type ConnectionListener = (socket: Socket) => void;

/** The peers never counted: TRUST_PROXY's proxies. Null when every peer may be a proxy. */
export function proxyPeers(trustProxy: boolean | number | string[]): ((address: string) => boolean) | null {
  if (trustProxy === false) return () => false;
  if (!Array.isArray(trustProxy)) return null;
  const matchers = trustProxy.map(peerMatcher);
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    const parsed = ipaddr.process(address); // IPv4-mapped IPv6 becomes the plain IPv4 address.
    return matchers.some((matches) => matches(parsed));
  };
}

/** Names as proxy-addr (Fastify's trustProxy) reads them: an address, a CIDR, or a named range. */
function peerMatcher(entry: string): (address: ipaddr.IPv4 | ipaddr.IPv6) => boolean {
  const ranges: Record<string, string[]> = {
    loopback: ['loopback'],
    linklocal: ['linkLocal'],
    uniquelocal: ['uniqueLocal', 'private'],
  };
  const named = ranges[entry.toLowerCase()];
  if (named) return (address) => named.includes(address.range());
  if (entry.includes('/') && ipaddr.isValidCIDR(entry)) {
    const [network, bits] = ipaddr.parseCIDR(entry);
    return (address) => address.kind() === network.kind() && address.match(network, bits);
  }
  if (!ipaddr.isValid(entry)) return () => false;
  const proxy = ipaddr.process(entry).toString();
  return (address) => address.toString() === proxy;
}

/**
 * Counts the server's sockets per client address; past `maxPerAddress` (0: no cap) a new one is
 * refused. Installed before the server listens, around the HTTP server's own connection listener.
 */
export function capConnectionsPerAddress(server: Server, maxPerAddress: number, trustProxy: boolean | number | string[]): void {
  const isProxy = proxyPeers(trustProxy);
  if (maxPerAddress <= 0 || isProxy === null) return;
  const open = new Map<string, number>();
  const httpListeners = server.listeners('connection') as ConnectionListener[];
  server.removeAllListeners('connection');
  const handOver = (socket: Socket) => httpListeners.forEach((listener) => listener.call(server, socket));
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // No address: the peer is already gone; the HTTP server deals with that as it always does.
    if (address === undefined || isProxy(address)) return handOver(socket);
    const key = clientAddressKey(address);
    const held = open.get(key) ?? 0;
    if (held >= maxPerAddress) {
      answerAndClose(socket, 'too_many_connections', MESSAGES.tooManyConnections, {
        'Retry-After': String(CLIENT_SHARES.connectionRetryAfterSeconds),
      });
      return;
    }
    open.set(key, held + 1);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left > 0) open.set(key, left);
      else open.delete(key);
    });
    handOver(socket);
  });
}
