import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import { SITE_NAME, SITE_TAGLINE } from '#core/site';
import { useSiteConfig } from '../../lib/useSiteConfig';
import { Logo } from './Logo';
import { SponsorForm } from './SponsorForm';
import { FAST_SUBMIT, NAV_LINKS, REMOVE_ART } from './navItems';

const LEGAL_LINKS = [
  { to: '/compliance', label: 'Compliance' },
  { to: '/terms', label: 'Terms' },
  { to: '/privacy', label: 'Privacy' },
  { to: '/admin', label: 'Admin' },
] as const;

// The footer repeats the main links: on small screens the nav bar shows only icons.
const EXPLORE_LINKS = [...NAV_LINKS, FAST_SUBMIT, REMOVE_ART];

const linkClasses =
  'rounded-sm text-sm text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** A titled navigation landmark of footer links. */
function LinkList({
  title,
  links,
  listClassName,
}: {
  title: string;
  links: readonly { to: string; label: string }[];
  listClassName: string;
}) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      <ul className={listClassName}>
        {links.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={linkClasses}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { data: site } = useSiteConfig();
  return (
    <footer className="mt-16 border-t border-border bg-muted">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <Logo />
          <p className="text-sm text-muted-foreground">{SITE_TAGLINE}</p>
          <SponsorForm />
        </div>

        <LinkList title="Explore" links={EXPLORE_LINKS} listClassName="grid grid-cols-2 gap-2" />

        <div>
          <LinkList title="Legal" links={LEGAL_LINKS} listClassName="flex flex-wrap gap-x-4 gap-y-2" />
          {site?.support_email && (
            <p className="mt-4 flex items-center gap-2 text-sm text-muted-foreground">
              <Mail aria-hidden="true" className="h-4 w-4" />
              <a href={`mailto:${site.support_email}`} className={linkClasses}>
                {site.support_email}
              </a>
            </p>
          )}
        </div>
      </div>
      <p className="border-t border-border py-4 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {SITE_NAME}
      </p>
    </footer>
  );
}
