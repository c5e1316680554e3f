import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '#core/site';
import { SITE_NAME } from '#core/site';
import { apiGet } from './api';

/** Deployment facts (support e-mail, sponsor URL). Fetched once per session. */
export function useSiteConfig() {
  return useQuery({
    queryKey: ['site'],
    queryFn: ({ signal }) => apiGet<SiteConfig>('/api/site', { signal }),
    staleTime: Infinity,
  });
}

/** The product name, available before /api/site answers. */
export function useSiteName(): string {
  const { data } = useSiteConfig();
  return data?.site_name ?? SITE_NAME;
}
