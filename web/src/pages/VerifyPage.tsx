// /verify/:id — the proof page of one work (docs/product.md §2 "Proof page"), by UUID or VW-YYYY-NNNNNN.
// The server already put the title, Open Graph tags and JSON-LD into the HTML head for crawlers
// (decision 0019), so nothing is injected here beyond the tab title.
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import type { PublicWork } from '#core/api-types';
import { PageContainer } from '../components/layout/PageContainer';
import { publicWorkQuery } from '../components/ledger/QuickViewDialog';
import { ArtistCard } from '../components/proof/ArtistCard';
import { AuthorshipNote } from '../components/proof/AuthorshipNote';
import { BadgePanel } from '../components/proof/BadgePanel';
import { CitationCard } from '../components/proof/CitationCard';
import { DetailsCard } from '../components/proof/DetailsCard';
import { EvidenceCard } from '../components/proof/EvidenceCard';
import { LogPanel } from '../components/proof/LogPanel';
import { PermissionsCard } from '../components/proof/PermissionsCard';
import { ProofActions } from '../components/proof/ProofActions';
import { ProofHeader } from '../components/proof/ProofHeader';
import { ProofNotFound } from '../components/proof/ProofNotFound';
import { DuplicateWarning, EmailVerifiedNotice } from '../components/proof/ProofNotices';
import { PromptSection } from '../components/proof/PromptSection';
import { ResourcesSection } from '../components/proof/ResourcesSection';
import { TrustBreakdown } from '../components/proof/TrustBreakdown';
import { WatchCard } from '../components/proof/WatchCard';
import { WorkHistory } from '../components/proof/WorkHistory';
import { Spinner } from '../components/ui/Spinner';
import { LinkStatesReceipt } from '../components/work/LiveLinkStates';
import { WorkMainImage } from '../components/work/WorkMainImage';
import { justRegistered } from '../lib/linkPolling';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export default function VerifyPage() {
  const { id = '' } = useParams();
  const query = useQuery(publicWorkQuery(id));
  const work = query.data;
  useDocumentTitle(work ? `${work.title} by ${work.artist_name}` : query.isError ? 'Submission Not Found' : 'Proof of Authorship');

  if (query.isPending) {
    return (
      <PageContainer className="flex min-h-screen items-center justify-center">
        <Spinner className="h-8 w-8 text-primary" label="Loading proof…" />
      </PageContainer>
    );
  }
  // docs/product.md §8: a load error and a missing, private or deleted record read the same.
  if (!work) {
    return (
      <PageContainer>
        <ProofNotFound />
      </PageContainer>
    );
  }
  return <Proof work={work} />;
}

function Proof({ work }: { work: PublicWork }) {
  const [searchParams] = useSearchParams();
  const emailJustVerified = searchParams.get('email') === 'verified';
  // Opened by the wizard right after the registration (issue 33): the receipt's links, live.
  const receipt = justRegistered(useLocation().state);

  return (
    <PageContainer className="grid gap-6">
      <ProofActions url={work.verify_url} title={work.title} />
      {emailJustVerified && <EmailVerifiedNotice />}
      {work.duplicate_of && <DuplicateWarning original={work.duplicate_of} />}
      {receipt && <LinkStatesReceipt work={work} />}

      <div className={work.image_url ? 'grid items-start gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]' : 'grid'}>
        <WorkMainImage
          work={work}
          frameClassName="overflow-hidden rounded-card border border-border bg-muted"
          className="mx-auto max-h-[28rem] w-full object-contain"
        />
        <ProofHeader work={work} />
      </div>

      {/*
        Source order is the phone's reading order (issue 17): what a visitor looks for first (the
        artist, the licence, the badge) comes before the long record sections, not 4,000 px down.
        From lg up the key facts and the evidence form the right column, beside the record:
        row 1 holds the key facts, row 2 the evidence, and the record spans both rows.
      */}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:grid-rows-[auto_1fr]">
        <div className="grid min-w-0 gap-6 lg:col-start-2 lg:row-start-1">
          <ArtistCard work={work} />
          <PermissionsCard permissions={work.permissions} license={work.artwork_license} />
          <DetailsCard work={work} />
          <CitationCard work={work} />
          <BadgePanel work={work} />
          <WatchCard work={work} />
        </div>
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <PromptSection work={work} />
          <TrustBreakdown trust={work.trust} />
          <ResourcesSection resources={work.verification_resources} proofs={work.link_proofs} />
          <LogPanel work={work} />
          <WorkHistory work={work} />
          <AuthorshipNote work={work} pageUrl={work.verify_url} />
        </div>
        <div className="grid min-w-0 gap-6 lg:col-start-2 lg:row-start-2">
          <EvidenceCard work={work} />
        </div>
      </div>
    </PageContainer>
  );
}
