// The outside world of a domain proof (decision 0062), on loopback: an HTTP server standing in for
// https://<domain>/ (it serves /.well-known/veriwork-proof.txt by host name) and a DNS server
// answering TXT records (dns2), with the app settings that point the server at both.
import dns2 from 'dns2';
import { startLocalServer, type LocalServer } from '../integration/fetcher/local-server';

export interface DomainProofWorld {
  /** What each host serves at /.well-known/veriwork-proof.txt (others answer 404). */
  files: Map<string, string>;
  /** The TXT records the DNS server answers, by name. */
  records: Map<string, string[]>;
  /** Every name the DNS server was asked, in order. */
  dnsQuestions: string[];
  /** The HTTP server's port (hosts are reached as <host>:<port>). */
  httpPort: number;
  /** Every request the HTTP server answered. */
  requests: LocalServer['requests'];
  /** DNS_PROOF_RESOLVER and DOMAIN_PROOF_TEST_HTTP_PORT for the app under test. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startDomainProofWorld(): Promise<DomainProofWorld> {
  const files = new Map<string, string>();
  const records = new Map<string, string[]>();
  const dnsQuestions: string[] = [];
  const server: LocalServer = await startLocalServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const file = req.url === '/.well-known/veriwork-proof.txt' ? files.get(host) : undefined;
    if (file !== undefined) res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(file);
    else res.writeHead(404, { 'content-type': 'text/html' }).end('<p>Not found</p>');
  });
  const dns = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      dnsQuestions.push(question.name);
      for (const data of records.get(question.name) ?? [])
        response.answers.push(
          dns2.Packet.createResourceFromQuestion(question, { type: dns2.Packet.TYPE.TXT, class: dns2.Packet.CLASS.IN, ttl: 60, data }),
        );
      send(response);
    },
  });
  await dns.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const dnsPort = (dns.addresses().udp as { port: number }).port;
  return {
    files,
    records,
    dnsQuestions,
    httpPort: server.port,
    requests: server.requests,
    env: { DNS_PROOF_RESOLVER: `127.0.0.1:${dnsPort}`, DOMAIN_PROOF_TEST_HTTP_PORT: String(server.port) },
    async close() {
      await dns.close();
      await server.close();
    },
  };
}
