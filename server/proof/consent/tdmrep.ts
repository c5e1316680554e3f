// /.well-known/tdmrep.json and the TDM policy it points to (W3C TDMRep, Final Community Group
// Report 2024). The file is an array of rules {location, tdm-reservation, tdm-policy}; an agent
// applies the rule whose location matches the resource's path. Training is reserved by default,
// so opted-in works are listed one by one with tdm-reservation 0 before the wildcard
// reservations of every path that serves a work (its image, proof page and API downloads).
import { SITE_NAME } from '../../../core/site';
import { tdmPolicyUrl } from '../../../core/training-consent';
import type { OptedInWork } from './consent-repository';

export interface TdmRepRule {
  location: string;
  'tdm-reservation': 0 | 1;
  'tdm-policy'?: string;
}

/** Paths under which a work is served, each followed by a work reference. */
const WORK_PATH_PREFIXES = ['/verify/', '/api/submissions/'];

export function tdmRepRules(optedIn: OptedInWork[], siteUrl: string): TdmRepRule[] {
  const rules: TdmRepRule[] = [];
  for (const work of optedIn) {
    // A work answers to its UUID and to its registry ID alike.
    for (const ref of [work.id, work.registry_id]) {
      for (const prefix of WORK_PATH_PREFIXES) {
        rules.push({ location: `${prefix}${ref}`, 'tdm-reservation': 0 }, { location: `${prefix}${ref}/*`, 'tdm-reservation': 0 });
      }
    }
    if (work.image_key) rules.push({ location: `/artworks/${work.image_key}`, 'tdm-reservation': 0 });
  }
  const policy = tdmPolicyUrl(siteUrl);
  for (const location of ['/artworks/*', ...WORK_PATH_PREFIXES.map((p) => `${p}*`)]) {
    rules.push({ location, 'tdm-reservation': 1, 'tdm-policy': policy });
  }
  return rules;
}

/**
 * The TDM policy (an ODRL 2.2 Offer in the TDMRep profile): mining and AI training of a reserved
 * work need the artist's consent, asked through the work's proof page.
 */
export function tdmPolicy(siteUrl: string): Record<string, unknown> {
  const base = siteUrl.replace(/\/+$/, '');
  return {
    '@context': [
      'http://www.w3.org/ns/odrl.jsonld',
      { tdm: 'http://www.w3.org/ns/tdmrep#', dct: 'http://purl.org/dc/terms/', vcard: 'http://www.w3.org/2006/vcard/ns#' },
    ],
    '@type': 'Offer',
    profile: 'http://www.w3.org/ns/tdmrep',
    uid: tdmPolicyUrl(siteUrl),
    assigner: { uid: base, 'vcard:fn': SITE_NAME, 'vcard:url': base },
    target: `${base}/artworks/`,
    permission: [
      {
        action: 'tdm:mine',
        duty: [{ action: 'obtainConsent' }],
      },
    ],
    'dct:description':
      `Works on ${SITE_NAME} whose artist did not allow AI training are reserved from text and data mining. ` +
      'To ask for a licence, contact the artist through the links on the work’s proof page (/verify/{id}).',
  };
}
