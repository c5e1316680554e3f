import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/buttonStyles';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { TimestampFields } from './parts/compliance/TimestampFields';
import { useExampleProofLink } from './parts/compliance/useExampleProofLink';
import { ExternalLink } from './parts/ExternalLink';
import { PageShell } from './parts/PageShell';
import { Prose, Section } from './parts/Section';
import { useSite } from './parts/useSite';

export default function CompliancePage() {
  useDocumentTitle('ISO 8601 Timestamp Compliance');
  const { siteName } = useSite();
  const example = useExampleProofLink();
  return (
    <PageShell
      title="ISO 8601 Timestamp Compliance"
      intro={
        <p>
          Every timestamp {siteName} stores or exports is written in ISO 8601, in Coordinated Universal Time (UTC), so a registration
          means the same moment everywhere.
        </p>
      }
    >
      <Section id="utc-timestamps" title="Timestamps in UTC">
        <Prose>
          <p>
            Times are stored as exact instants and written in the extended ISO 8601 form <code>YYYY-MM-DDThh:mm:ss.sssZ</code>, where{' '}
            <code>Z</code> means UTC. Your browser may show them in your local time; the data itself is always UTC.
          </p>
        </Prose>
        <div className="mt-5">
          <TimestampFields />
        </div>
      </Section>

      <Section id="standards" title="Standards alignment">
        <Prose>
          <ul>
            <li>
              <strong>ISO 8601 and RFC 3339</strong>: the date and time format, with an explicit UTC offset.{' '}
              <ExternalLink href="https://www.rfc-editor.org/rfc/rfc3339">Read RFC 3339</ExternalLink>
            </li>
            <li>
              <strong>W3C PROV</strong>: <code>prov:generatedAtTime</code> states when a record was generated, in a vocabulary
              provenance tools understand.{' '}
              <ExternalLink href="https://www.w3.org/TR/prov-o/#generatedAtTime">Read PROV-O</ExternalLink>
            </li>
            <li>
              <strong>schema.org</strong>: <code>dateCreated</code> in the VisualArtwork JSON-LD that crawlers read.{' '}
              <ExternalLink href="https://schema.org/dateCreated">Read the schema.org definition</ExternalLink>
            </li>
          </ul>
        </Prose>
      </Section>

      <Section id="why-it-matters" title="Why it matters">
        <Prose>
          <ul>
            <li>
              <strong>No ambiguity.</strong> &ldquo;03/04 at 9:00&rdquo; means different days and hours around the world;
              2026-11-22T01:49:59.000Z does not.
            </li>
            <li>
              <strong>Order you can check.</strong> UTC timestamps sort correctly as text, and the transparency log adds an order that
              cannot be changed afterwards.
            </li>
            <li>
              <strong>Machine-readable evidence.</strong> Search engines, dataset tools and people read the same value without guessing
              the time zone.
            </li>
          </ul>
        </Prose>
      </Section>

      <Section id="live-example" title="See a live example">
        <Prose>
          <p>
            {example.isWork
              ? 'Open a registered work and look at its dates, its JSON-LD download and its log entry.'
              : 'Open any registered work in the public ledger and look at its dates, its JSON-LD download and its log entry.'}
          </p>
        </Prose>
        <Link to={example.to} className={buttonClasses('primary', 'md', 'mt-4')}>
          {example.isWork ? 'View a live proof page' : 'Browse the public ledger'}
        </Link>
      </Section>
    </PageShell>
  );
}
