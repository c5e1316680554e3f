// 'Proof of Authorship' (docs/product.md §2): what this page establishes and, just as plainly, what it does
// not (decision 0003: only true claims). Links to checking a file and to asking for removal.
import { FileSearch, Flag, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { PublicWork } from '#core/api-types';
import { formatDate } from '../../lib/dates';
import { ProofCard } from './ProofCard';

export function removalRequestPath(pageUrl: string): string {
  return `/removal-request?url=${encodeURIComponent(pageUrl)}`;
}

export function AuthorshipNote({ work, pageUrl }: { work: PublicWork; pageUrl: string }) {
  return (
    <ProofCard title="Proof of Authorship" icon={ShieldCheck}>
      <div className="grid gap-2 text-sm">
        <p>
          <strong className="font-semibold">What this proof shows:</strong> {work.artist_name} registered an image with the SHA-256
          fingerprint shown above on {formatDate(work.created_at)}, together with the details on this page. The registration is an
          entry in a public, signed log, so anyone can check that it existed at that time and has not been changed since.
        </p>
        <p>
          <strong className="font-semibold">What it does not show:</strong> that {work.artist_name} is the only or the first person to
          make this image outside this registry, who owns the copyright, or that the tool, prompt and links are accurate. The trust
          score weighs the evidence given; it is not a legal judgement.
        </p>
      </div>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <li>
          <Link to="/lookup" className="inline-flex items-center gap-1 font-medium text-primary hover:underline">
            <FileSearch aria-hidden="true" className="h-4 w-4" />
            Verify a file against the ledger
          </Link>
        </li>
        <li>
          <Link to={removalRequestPath(pageUrl)} className="inline-flex items-center gap-1 font-medium text-warning hover:underline">
            <Flag aria-hidden="true" className="h-4 w-4" />
            Request removal
          </Link>
        </li>
      </ul>
    </ProofCard>
  );
}
