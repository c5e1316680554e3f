import type { LogWitnessing } from '#core/deployment-texts';
import { SITE_NAME } from '#core/site';
import { useSiteConfig } from '../../../lib/useSiteConfig';

/** Deployment facts the static pages print, with safe values while /api/site is loading. */
export interface SiteFacts {
  siteName: string;
  /** Absolute origin without a trailing slash, e.g. https://veriwork.example */
  siteUrl: string;
  /** null until the server has answered (pages then show no address rather than a guess). */
  supportEmail: string | null;
  sponsorUrl: string | null;
  /** The log's witnesses and quorum (0 and 0 while loading: nothing is claimed before the server says so). */
  witnessing: LogWitnessing;
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

export function useSite(): SiteFacts {
  const { data } = useSiteConfig();
  const siteUrl = (data?.site_url || currentOrigin()).replace(/\/+$/, '');
  return {
    siteName: data?.site_name || SITE_NAME,
    siteUrl,
    supportEmail: data?.support_email || null,
    sponsorUrl: data?.sponsor_url ?? null,
    witnessing: { log_witnesses: data?.log_witnesses ?? 0, log_witness_quorum: data?.log_witness_quorum ?? 0 },
  };
}
