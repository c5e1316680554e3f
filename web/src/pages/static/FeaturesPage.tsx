import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/buttonStyles';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { FeatureCard, SpecTileCard } from './parts/FeatureCard';
import { ADVANCED_FEATURES, ARTIST_TOOLS, CORE_FEATURES, SPEC_TILES } from './parts/featureList';
import { PageNav } from './parts/PageNav';
import { PageShell } from './parts/PageShell';
import { Section } from './parts/Section';
import { useSite } from './parts/useSite';

const FEATURES_NAV = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/implementation', label: 'Implementation' },
  { to: '/ledger', label: 'Public Ledger' },
  { to: '/about', label: 'About' },
];

export default function FeaturesPage() {
  useDocumentTitle('Features');
  const { siteName } = useSite();
  return (
    <PageShell
      title={`${siteName} Features`}
      top={<PageNav label="Features page" items={FEATURES_NAV} />}
      intro={
        <p>
          Everything listed here is live today: evidence checked by the server, a score you can understand, and a public log anyone can
          audit.
        </p>
      }
    >
      <Section id="core-verification" title="Core Verification System">
        <ul className="grid gap-4 sm:grid-cols-2">
          {CORE_FEATURES.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </ul>
      </Section>

      <Section id="technical-specifications" title="Technical Specifications">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SPEC_TILES.map((tile) => (
            <SpecTileCard key={tile.label} tile={tile} />
          ))}
        </ul>
      </Section>

      <Section id="advanced-features" title="Advanced Features">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {ADVANCED_FEATURES.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </ul>
      </Section>

      <Section id="artist-tools" title="For Artists and Those They Show Their Work">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {ARTIST_TOOLS.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </ul>
      </Section>

      <section aria-labelledby="features-cta" className="rounded-card bg-secondary p-6 text-center sm:p-10">
        <h2 id="features-cta" className="text-2xl font-semibold text-secondary-foreground">
          Register your work for free
        </h2>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className={buttonClasses('primary', 'lg')}>
            Start Verification
          </Link>
          <Link to="/ledger" className={buttonClasses('outline', 'lg')}>
            Browse Verified Art
          </Link>
        </div>
      </section>
    </PageShell>
  );
}
