// Step 7: everything the artist entered, for one last look before 'Submit to Ledger'.
import type { ReactNode } from 'react';
import { HASH_DISPLAY, TAGS } from '#core/constants';
import { deriveLicense, PERMISSION_KEYS, PERMISSION_LABELS } from '#core/license';
import { normaliseTag } from '#core/tags';
import { effectiveToolName } from '#core/tools';
import { UploadStatus } from '../UploadStatus';
import type { UploadState } from '../useImageUpload';
import type { ImagePreview } from '../useImagePreview';
import { tagsToSend, type WizardValues } from '../wizardValues';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-3 last:border-b-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 whitespace-pre-wrap break-words text-sm">{children}</dd>
    </div>
  );
}

const NOT_GIVEN = <span className="text-muted-foreground">Not provided</span>;

function text(value: string): ReactNode {
  return value.trim() ? value.trim() : NOT_GIVEN;
}

function list(values: readonly string[]): ReactNode {
  const items = values.map((v) => v.trim()).filter(Boolean);
  if (!items.length) return NOT_GIVEN;
  return (
    <ul className="grid gap-1">
      {items.map((item) => (
        <li key={item} className="break-all">
          {item}
        </li>
      ))}
    </ul>
  );
}

export interface StepReviewProps {
  values: WizardValues;
  upload: UploadState;
  preview: ImagePreview | null;
  onRetryUpload?: () => void;
}

export function StepReview({ values, upload, preview, onRetryUpload }: StepReviewProps) {
  const granted = PERMISSION_KEYS.filter((key) => values.permissions[key]).map((key) => PERMISSION_LABELS[key]);
  return (
    <div className="grid gap-4">
      {preview && (
        <img
          src={preview.url}
          alt="Preview of your artwork"
          width={preview.width}
          height={preview.height}
          className="h-auto max-h-48 w-auto max-w-full justify-self-start rounded-md object-contain"
        />
      )}
      {upload.status !== 'done' && <UploadStatus state={upload} onRetry={onRetryUpload} />}
      <dl>
        {upload.status === 'done' && (
          <Row label="SHA-256">
            <span className="font-mono text-xs">{upload.result.image_hash.slice(0, HASH_DISPLAY.full)}…</span>
          </Row>
        )}
        <Row label="Title">{text(values.title)}</Row>
        <Row label="Prompt">{text(values.prompt)}</Row>
        <Row label="Prompt visibility">{values.prompt_visibility === 'public' ? 'Public' : 'Private'}</Row>
        <Row label="Story">{text(values.story_context)}</Row>
        <Row label="Tags">{[TAGS.always, ...tagsToSend(values).map(normaliseTag)].join(', ')}</Row>
        <Row label="AI tool">{values.tool ? effectiveToolName(values.tool, values.tool_other) : NOT_GIVEN}</Row>
        <Row label="Where it ran">{values.platform}</Row>
        <Row label="Permissions">{granted.length ? granted.join(', ') : 'None selected'}</Row>
        <Row label="License">{deriveLicense(values.permissions)}</Row>
        <Row label="Email Address">{text(values.author_email)}</Row>
        <Row label="Full name">{text(values.author_full_name)}</Row>
        <Row label="Artist name">{text(values.artist_name)}</Row>
        <Row label="Profile links">{list(values.profile_links)}</Row>
        <Row label="Co-authors">{list(values.co_authors)}</Row>
      </dl>
    </div>
  );
}
