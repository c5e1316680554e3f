// The Atom feed of a work's alerts (GET /api/submissions/{id}/alerts.atom): the later public
// registrations that look like copies of it, newest first, for a feed reader instead of e-mail.
// Only public facts: the two works' titles, artists, Registry IDs and proof pages.
import { create } from 'xmlbuilder2';
import { SITE_NAME } from '../../core/site';
import { exactXmlText } from '../http/xml-text';
import { alertReasonText } from './alert-scanner';
import type { FeedAlert } from './watch-repository';

type XMLBuilder = ReturnType<typeof create>;

export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';

export interface FeedWork {
  id: string;
  registry_id: string;
  title: string;
  created_at: string;
}

function text(parent: XMLBuilder, name: string, value: string): void {
  parent.ele(name).txt(exactXmlText(value));
}

export function alertFeedAtom(work: FeedWork, alerts: readonly FeedAlert[], siteUrl: string): string {
  const proofUrl = `${siteUrl}/verify/${work.id}`;
  const selfUrl = `${siteUrl}/api/submissions/${work.id}/alerts.atom`;
  // The feed changes only when an alert is added: its time is the newest alert's, or the work's.
  const updated = new Date(alerts[0]?.created_at ?? work.created_at).toISOString();
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const feed = doc.ele('http://www.w3.org/2005/Atom', 'feed');
  text(feed, 'id', `${proofUrl}#alerts`);
  text(feed, 'title', `Possible copies of "${work.title}" (${work.registry_id})`);
  text(feed, 'subtitle', `Later registrations on ${SITE_NAME} that look like copies of this work.`);
  text(feed, 'updated', updated);
  feed.ele('link', { rel: 'self', type: 'application/atom+xml', href: selfUrl });
  feed.ele('link', { rel: 'alternate', type: 'text/html', href: proofUrl });
  text(feed.ele('author'), 'name', SITE_NAME);
  text(feed, 'generator', SITE_NAME);
  for (const alert of alerts) {
    const matchUrl = `${siteUrl}/verify/${alert.match_id}`;
    const entry = feed.ele('entry');
    text(entry, 'id', `${proofUrl}#alert-${alert.id}`);
    text(entry, 'title', `"${alert.match_title}" by ${alert.match_artist} (${alert.match_registry_id})`);
    text(entry, 'updated', new Date(alert.created_at).toISOString());
    entry.ele('link', { rel: 'alternate', type: 'text/html', href: matchUrl });
    text(entry, 'summary', `Why: ${alertReasonText(alert.reason, alert.distance)}.`);
  }
  return doc.end({ prettyPrint: true });
}
