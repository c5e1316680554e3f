// 'Details' card: how the work was made and the facts of its file, with the image SHA-256
// shortened to 24 characters (docs/product.md §9) and the full hash one click away.
import { FileText } from 'lucide-react';
import type { PublicWork } from '#core/api-types';
import { DEFAULT_DISPLAY_LICENSE, HASH_DISPLAY, verificationMethodLabel } from '#core/constants';
import { copiedMessage } from '#core/messages';
import { trainingConsentLabel } from '#core/training-consent';
import { CopyButton } from '../ledger/CopyButton';
import { formatLocalDateTime } from '../../lib/dates';
import { formatDimensions, formatFileSize, formatFileType } from './format';
import { Fact, FactList, ProofCard } from './ProofCard';

const HASH_COPIED = copiedMessage('The full SHA-256 hash of the image is on your clipboard.');

export function DetailsCard({ work }: { work: PublicWork }) {
  const file = [formatFileType(work.image_file_type), formatFileSize(work.image_file_size)].filter(Boolean).join(', ');
  return (
    <ProofCard title="Details" icon={FileText}>
      <FactList>
        <Fact label="AI tool">{work.tool || 'Not stated'}</Fact>
        <Fact label="Platform">{work.platform || 'Not stated'}</Fact>
        <Fact label="Verification">{verificationMethodLabel(work.verification_method) || 'Not stated'}</Fact>
        <Fact label="Licence">{work.artwork_license || DEFAULT_DISPLAY_LICENSE}</Fact>
        <Fact label="AI training">{trainingConsentLabel(work.permissions.allow_ai_training)}</Fact>
        <Fact label="Dimensions">{formatDimensions(work.image_dimensions) ?? 'Unknown'}</Fact>
        <Fact label="File">{file || 'Unknown'}</Fact>
        <Fact label="SHA-256">
          {work.image_hash ? (
            <span className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-xs" title={work.image_hash}>
                {work.image_hash.slice(0, HASH_DISPLAY.full)}…
              </code>
              <CopyButton
                text={work.image_hash}
                label="Copy full SHA-256 hash"
                successTitle={HASH_COPIED.title}
                successDescription={HASH_COPIED.description}
                size="sm"
              />
            </span>
          ) : (
            'Not recorded'
          )}
        </Fact>
        <Fact label="Created">
          <time dateTime={work.created_at} className="grid">
            <code className="font-mono text-xs">{work.created_at}</code>
            <span className="text-muted-foreground">{formatLocalDateTime(work.created_at)} (your time)</span>
          </time>
        </Fact>
      </FactList>
    </ProofCard>
  );
}
