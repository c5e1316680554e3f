import { Link } from 'react-router';
import { aboutWitnessesText } from '#core/deployment-texts';
import { SponsorForm } from '../../../../components/layout/SponsorForm';
import { ExternalLink } from '../ExternalLink';
import { Prose, Section } from '../Section';
import { SupportEmail } from '../SupportEmail';
import type { SiteFacts } from '../useSite';

/** Get in Touch, Support and Future. There are no social accounts, so the links are real channels. */
export function Contact({ site }: { site: SiteFacts }) {
  const witnesses = aboutWitnessesText(site.witnessing);
  const channels = [
    { href: `${site.siteUrl}/api/v1/ledger?format=rss`, label: 'RSS feed of newly registered works' },
    { href: `${site.siteUrl}/api/docs`, label: 'Public API documentation' },
    { href: `${site.siteUrl}/api/v1/croissant.json`, label: 'Open dataset description (Croissant)' },
    { href: `${site.siteUrl}/api/log/checkpoint`, label: 'Latest signed transparency-log checkpoint' },
  ];

  return (
    <>
      <Section id="contact" title="Get in Touch">
        <Prose>
          <p>
            Write to us at <SupportEmail />. To follow the registry or build on it, use these open channels:
          </p>
        </Prose>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {channels.map((channel) => (
            <li key={channel.href} className="rounded-card border border-border p-4">
              <ExternalLink href={channel.href}>{channel.label}</ExternalLink>
            </li>
          ))}
        </ul>
        {witnesses && (
          <Prose>
            <p className="mt-4">{witnesses}</p>
          </Prose>
        )}
      </Section>

      <Section id="support" title="Support">
        <Prose>
          <p>
            Registration is free. If the registry is useful to you, you can help by registering your work, linking your proof pages,
            citing the dataset, and reporting problems to <SupportEmail />.
          </p>
          {site.sponsorUrl && <p>You can also sponsor the project. The payment page opens in a new tab.</p>}
        </Prose>
        <SponsorForm className="mt-4" />
      </Section>

      <Section id="future" title="Future">
        <Prose>
          <p>
            Ideas and requests are welcome at <SupportEmail />. See how we handle timestamps on the{' '}
            <Link to="/compliance">compliance page</Link>.
          </p>
        </Prose>
      </Section>
    </>
  );
}
