// Evidence the server found itself: provenance metadata embedded in the uploaded file, and
// whether the artist confirmed their e-mail address (never the address, decisions 0013, 0017).
import { MailCheck, ScanSearch } from 'lucide-react';
import type { PublicWork } from '#core/api-types';
import { Fact, FactList, ProofCard } from './ProofCard';

export function EvidenceCard({ work }: { work: PublicWork }) {
  const found = work.embedded_metadata.found;
  return (
    <ProofCard title="Evidence Checked" icon={ScanSearch}>
      <FactList>
        <Fact label="Embedded metadata">
          {found.length > 0 ? (
            <ul className="grid gap-0.5">
              {found.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : (
            'None found'
          )}
        </Fact>
        <Fact label="E-mail verified">
          <span className="inline-flex items-center gap-1">
            {work.email_verified && <MailCheck aria-hidden="true" className="h-4 w-4 text-green-700" />}
            {work.email_verified ? 'Yes' : 'No'}
          </span>
        </Fact>
      </FactList>
    </ProofCard>
  );
}
