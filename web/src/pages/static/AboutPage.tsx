import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AboutStory } from './parts/about/AboutStory';
import { Contact } from './parts/about/Contact';
import { Publications } from './parts/about/Publications';
import { PageNav } from './parts/PageNav';
import { PageShell } from './parts/PageShell';
import { useSite } from './parts/useSite';

const ABOUT_NAV = [
  { to: '/', label: 'Home' },
  { to: '/implementation', label: 'Implementation' },
  { to: '/ledger', label: 'Public Ledger' },
  { to: '/about', label: 'About' },
];

export default function AboutPage() {
  useDocumentTitle('About');
  const site = useSite();
  return (
    <PageShell
      title={`About ${site.siteName}`}
      top={<PageNav label="About page" items={ABOUT_NAV} />}
      intro={<p>A public registry and trust ledger for AI-generated artwork, built on open evidence.</p>}
    >
      <AboutStory site={site} />
      <Publications />
      <Contact site={site} />
    </PageShell>
  );
}
