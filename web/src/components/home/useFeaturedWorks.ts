// The home page's featured works (GET /api/featured), refetched live when the server announces a
// newly registered public work scoring 62 or more (docs/product.md §4 "Ledger behaviour", §7 "Realtime").
// Fetch errors are only logged and leave the list empty (docs/product.md §8).
import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EVENTS_PATH,
  WORK_REGISTERED_EVENT,
  type FeaturedResponse,
  type WorkRegisteredEvent,
  type WorkSummary,
} from '#core/api-types';
import { isVerifiedScore } from '#core/status';
import { apiGet } from '../../lib/api';

export const FEATURED_PATH = '/api/featured';
const FEATURED_QUERY_KEY = ['featured'] as const;

async function fetchFeatured(signal: AbortSignal): Promise<WorkSummary[]> {
  try {
    const response = await apiGet<FeaturedResponse>(FEATURED_PATH, { signal });
    return response?.items ?? [];
  } catch (error) {
    if (!signal.aborted) console.error('Could not load featured works', error);
    return [];
  }
}

function parseEvent(data: unknown): WorkRegisteredEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as Partial<WorkRegisteredEvent>;
    return typeof parsed.trust_meter === 'number' ? (parsed as WorkRegisteredEvent) : null;
  } catch {
    return null;
  }
}

export function useFeaturedWorks(): { works: WorkSummary[]; loading: boolean } {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: FEATURED_QUERY_KEY,
    queryFn: ({ signal }) => fetchFeatured(signal),
    // A random pick: each visit to the home page draws anew.
    staleTime: 0,
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(EVENTS_PATH);
    const onRegistered = (event: MessageEvent) => {
      const registered = parseEvent(event.data);
      if (registered && isVerifiedScore(registered.trust_meter)) {
        void queryClient.invalidateQueries({ queryKey: FEATURED_QUERY_KEY });
      }
    };
    source.addEventListener(WORK_REGISTERED_EVENT, onRegistered);
    return () => {
      source.removeEventListener(WORK_REGISTERED_EVENT, onRegistered);
      source.close();
    };
  }, [queryClient]);

  return { works: query.data ?? [], loading: query.isPending };
}
