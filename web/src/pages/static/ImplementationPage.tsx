import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { HtmlGuide } from './parts/implementation/HtmlGuide';
import { JsonLdDetails } from './parts/implementation/JsonLdDetails';
import { SocialGuide } from './parts/implementation/SocialGuide';
import { WordPressGuide } from './parts/implementation/WordPressGuide';
import { PageNav } from './parts/PageNav';
import { PageShell } from './parts/PageShell';
import { useSite } from './parts/useSite';

const IMPLEMENTATION_NAV = [
  { to: '/', label: 'Home' },
  { to: '/ledger', label: 'Public Ledger' },
  { to: '/about', label: 'About' },
];

const JUMP_LINKS = [
  { href: '#wordpress', label: 'WordPress' },
  { href: '#html', label: 'HTML' },
  { href: '#social-media', label: 'Social media' },
  { href: '#json-ld', label: 'JSON-LD details' },
];

export default function ImplementationPage() {
  useDocumentTitle('How It Works');
  const site = useSite();
  return (
    <PageShell
      title="How It Works: Add Trust Badges to Your Site"
      top={<PageNav label="Implementation guide" items={IMPLEMENTATION_NAV} />}
      intro={
        <>
          <p>
            Show visitors that your AI artwork is registered on {site.siteName}: a live badge that links to the proof page, and
            structured data that search engines read. Every example can be copied.
          </p>
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-base" aria-label="On this page">
            {JUMP_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="font-medium text-primary underline underline-offset-2">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      }
    >
      <WordPressGuide site={site} />
      <HtmlGuide site={site} />
      <SocialGuide site={site} />
      <JsonLdDetails site={site} />
    </PageShell>
  );
}
