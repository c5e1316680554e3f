// The links of a work the registry checks: its verification resources' addresses (profile links
// included), each once, as stored. The fast-submit marker has no address and is not a link.
import { LINK_PROOF_LIMITS } from '../../core/link-proof-limits';

export function linksToCheck(resources: unknown): string[] {
  if (!Array.isArray(resources)) return [];
  const urls = new Set<string>();
  for (const resource of resources) {
    const url = (resource as { url?: unknown } | null)?.url;
    if (typeof url === 'string' && /^https?:\/\//i.test(url.trim())) urls.add(url);
  }
  // A work holds at most this many links (core/constants LIMITS); the bound keeps a job's fetches bounded anyway.
  return [...urls].slice(0, LINK_PROOF_LIMITS.linksPerWork);
}
