import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../lib/api';

interface FeaturedItem {
  id: string;
  registry_id?: string | null;
}

/** /api/featured answers a list; accept a bare array or `{ items }` so the page never breaks. */
function firstItem(body: unknown): FeaturedItem | null {
  const list = Array.isArray(body)
    ? body
    : typeof body === 'object' && body !== null && Array.isArray((body as { items?: unknown }).items)
      ? (body as { items: unknown[] }).items
      : [];
  const first = list[0] as FeaturedItem | undefined;
  return first && typeof first.id === 'string' ? first : null;
}

/** A live proof page to show as an example: the first featured work, else the ledger. */
export function useExampleProofLink(): { to: string; isWork: boolean } {
  const { data } = useQuery({
    queryKey: ['featured'],
    queryFn: ({ signal }) => apiGet<unknown>('/api/featured', { signal }),
    select: firstItem,
  });
  if (!data) return { to: '/ledger', isWork: false };
  return { to: `/verify/${encodeURIComponent(data.registry_id || data.id)}`, isWork: true };
}
