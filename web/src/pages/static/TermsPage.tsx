import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LegalMeta } from './parts/legal/LegalMeta';
import { TermsRecord } from './parts/legal/TermsRecord';
import { TermsUse } from './parts/legal/TermsUse';
import { PageShell } from './parts/PageShell';
import { useSite } from './parts/useSite';

export default function TermsPage() {
  useDocumentTitle('Terms of Service');
  const { siteName } = useSite();
  return (
    <PageShell
      title="Terms of Service"
      intro={
        <>
          <p>These terms apply to everyone who uses {siteName}: browsing the ledger, registering artwork or using the API.</p>
          <div className="mt-3">
            <LegalMeta />
          </div>
        </>
      }
    >
      <TermsUse siteName={siteName} />
      <TermsRecord siteName={siteName} />
    </PageShell>
  );
}
