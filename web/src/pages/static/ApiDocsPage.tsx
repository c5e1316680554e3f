import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ApiDataset } from './parts/api/ApiDataset';
import { ApiEndpoints } from './parts/api/ApiEndpoints';
import { ApiReference } from './parts/api/ApiReference';
import { ApiUsage } from './parts/api/ApiUsage';
import { PageShell } from './parts/PageShell';
import { useSite } from './parts/useSite';

export default function ApiDocsPage() {
  useDocumentTitle('Public API');
  const site = useSite();
  return (
    <PageShell
      title="Public Ledger API"
      top={
        <Link to="/ledger" className="mb-6 inline-flex items-center gap-1 font-medium text-primary underline-offset-2 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Ledger
        </Link>
      }
      intro={
        <p>
          Read every public {site.siteName} registration as JSON, JSONL, CSV, XML or RSS: for research, archives and training sets that
          respect the artist&apos;s permissions. Free, no key needed.
        </p>
      }
    >
      <ApiReference site={site} />
      <ApiUsage site={site} />
      <ApiDataset site={site} />
      <ApiEndpoints />
    </PageShell>
  );
}
