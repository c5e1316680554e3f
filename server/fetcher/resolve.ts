// Name resolution for the guarded fetcher, behind a function so tests can make a name resolve to
// a private address without touching the machine's resolver or /etc/hosts.
import dns from 'node:dns';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

/** The system resolver (getaddrinfo), every address of the name, in the order it gives them. */
export const systemResolve: Resolve = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};
