// The fields of Quick View (docs/product.md §2): image, title, prompt or private notice, tool, platform,
// artist, location, submission ID (copyable), verification method, date, visibility, usage
// types, tags, links, the citation with its permanent link, and the trust label.
import { ExternalLink, Lock, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicWork } from '#core/api-types';
import { verificationMethodLabel } from '#core/constants';
import { proofPath, shortId } from '#core/ids';
import { isVerifiedScore } from '#core/status';
import { ButtonLink } from '../ui/Button';
import { StatusBadge } from '../work/StatusBadge';
import { WorkMainImage } from '../work/WorkMainImage';
import { ChipList } from './ChipList';
import { CopyButton } from './CopyButton';
import { formatDate } from '../../lib/dates';
import { artistPath } from './format';

export const ID_COPIED = { title: 'ID copied', description: 'Submission ID copied to clipboard' } as const;
export const PERMANENT_LINK_COPIED = {
  title: 'DOI link copied',
  description: 'Permanent verification link copied to clipboard',
} as const;

/** Only works at or above the Verified threshold (62) may be called verified. */
export function trustLedgerLabel(score: number): string {
  return isVerifiedScore(score) ? 'Trust Ledger Verified' : 'Trust Ledger: Incomplete';
}

function locationOf(work: PublicWork): string | null {
  return work.author_location || [work.author_city, work.author_state, work.author_country].filter(Boolean).join(', ') || null;
}

/** Stored links were validated as http(s) on submission; anything else is not rendered as a link. */
function isWebLink(url: string | null): url is string {
  return typeof url === 'string' && /^https?:\/\//i.test(url);
}

export function QuickViewDetails({ work }: { work: PublicWork }) {
  const verified = isVerifiedScore(work.trust_meter);
  const location = locationOf(work);
  const year = new Date(work.created_at).getFullYear();
  const links = [
    { label: 'Portfolio', url: work.portfolio_link },
    { label: 'External Link', url: work.external_link },
  ].filter((link): link is { label: string; url: string } => isWebLink(link.url));

  return (
    <div className="grid gap-5">
      <WorkMainImage
        work={work}
        frameClassName="flex justify-center overflow-hidden rounded-md bg-muted"
        className="max-h-72 w-auto! object-contain"
      />

      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-xl font-semibold leading-tight break-words">{work.title}</h3>
        <StatusBadge score={work.trust_meter} showScore />
      </div>
      <p
        className={
          verified
            ? 'flex items-center gap-2 text-sm font-semibold text-green-800'
            : 'flex items-center gap-2 text-sm font-semibold text-red-800'
        }
      >
        {verified ? <ShieldCheck aria-hidden="true" className="h-4 w-4" /> : <ShieldAlert aria-hidden="true" className="h-4 w-4" />}
        {trustLedgerLabel(work.trust_meter)}
      </p>

      <section aria-labelledby="quick-view-prompt" className="grid gap-2">
        <h4 id="quick-view-prompt" className="text-sm font-semibold">
          Prompt
        </h4>
        {work.prompt_visibility === 'public' && work.prompt ? (
          <p className="whitespace-pre-wrap break-words rounded-md bg-muted p-3 text-sm">{work.prompt}</p>
        ) : (
          <p className="flex items-start gap-2 rounded-md border border-border bg-muted p-3 text-sm">
            <Lock aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              <strong className="font-semibold">Prompt kept private by artist</strong>
              <span className="block text-muted-foreground">The artist chose not to publish the prompt of this work.</span>
            </span>
          </p>
        )}
      </section>

      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <Field label="Artist">
          <Link to={artistPath(work.artist_name)} className="font-medium text-primary hover:underline">
            {work.artist_name}
          </Link>
          {work.author_full_name && work.author_full_name !== work.artist_name && (
            <span className="text-muted-foreground"> ({work.author_full_name})</span>
          )}
        </Field>
        <Field label="Tool">{work.tool || 'Not stated'}</Field>
        <Field label="Platform">{work.platform || 'Not stated'}</Field>
        <Field label="Location">{location ?? 'Not provided'}</Field>
        <Field label="Submission ID">
          <span className="flex flex-wrap items-center gap-2">
            <code className="break-all font-mono text-xs">{work.id}</code>
            <CopyButton
              text={work.id}
              label="Copy submission ID"
              successTitle={ID_COPIED.title}
              successDescription={ID_COPIED.description}
            />
          </span>
        </Field>
        <Field label="Registry ID">
          <code className="font-mono text-xs">{work.registry_id}</code>
        </Field>
        <Field label="Verification">{verificationMethodLabel(work.verification_method) || 'Not stated'}</Field>
        <Field label="Created">
          <time dateTime={work.created_at}>{formatDate(work.created_at)}</time>
        </Field>
        {/* The ledger serves public records only, so a record shown here is public. */}
        <Field label="Visibility">Public</Field>
        <Field label="Usage types">
          {work.usage_type.length ? (
            <ChipList items={work.usage_type} limit={work.usage_type.length} noun="usage types" variant="secondary" />
          ) : (
            'None'
          )}
        </Field>
        <Field label="Tags">{work.tags.length ? <ChipList items={work.tags} limit={work.tags.length} noun="tags" /> : 'None'}</Field>
        {links.map((link) => (
          <Field key={link.label} label={link.label}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1 break-all text-primary hover:underline"
            >
              {link.url}
              <ExternalLink aria-hidden="true" className="h-3 w-3 shrink-0" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Field>
        ))}
      </dl>

      <section aria-labelledby="quick-view-citation" className="grid gap-2 rounded-md border border-border p-3">
        <h4 id="quick-view-citation" className="text-sm font-semibold">
          Citation
        </h4>
        <p className="text-sm break-words">
          {work.artist_name} ({year}). <cite>{work.title}</cite>. Registry ID {work.registry_id}.
        </p>
        <p className="text-sm">
          <span className="text-muted-foreground">Permanent link (ID {shortId(work.id)}): </span>
          <a href={work.verify_url} className="break-all text-primary hover:underline">
            {work.verify_url}
          </a>
        </p>
        <div>
          <CopyButton
            text={work.verify_url}
            label="Copy permanent link"
            successTitle={PERMANENT_LINK_COPIED.title}
            successDescription={PERMANENT_LINK_COPIED.description}
          >
            Copy permanent link
          </CopyButton>
        </div>
      </section>

      <ButtonLink to={proofPath(work.id)} variant="primary" className="w-full sm:w-auto sm:justify-self-end">
        <ShieldCheck aria-hidden="true" className="h-4 w-4" />
        Open Proof Page
      </ButtonLink>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
