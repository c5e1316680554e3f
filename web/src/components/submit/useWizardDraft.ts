// The wizard's draft (issue 17): where the wizard starts (its own draft after a reload, the home
// form's hand-over, or empty), and keeping the draft current after every change until the work
// is submitted or the artist discards it. Storage and what is kept where: web/src/lib/draft.ts.
import { useEffect, useRef, useState } from 'react';
import type { UploadResponse } from '#core/api-types';
import { UUID_PATTERN } from '#core/ids';
import { clearDraft, readDraft, saveWizardDraft } from '../../lib/draft';
import { FIRST_STEP, REVIEW_STEP } from './wizardSteps';
import { draftValues, initialWizardValues, isPristine, restoreWizardValues, type WizardValues } from './wizardValues';

export interface WizardStart {
  step: number;
  values: WizardValues;
  /** The chosen image, while this page has not been reloaded. */
  file: File | null;
  /** The server's answer for the image already uploaded, from the draft. */
  upload: UploadResponse | null;
  /** Set when the wizard came back from its own draft after a reload (not on a fresh start). */
  restored: null | { emailLost: boolean };
}

/** An UploadResponse as stored, checked field by field; anything else is treated as no upload. */
function storedUpload(value: unknown): UploadResponse | null {
  if (typeof value !== 'object' || value === null) return null;
  const u = value as Record<string, unknown>;
  const ok =
    typeof u.upload_id === 'string' &&
    UUID_PATTERN.test(u.upload_id) &&
    typeof u.image_url === 'string' &&
    u.image_url.startsWith('/artworks/') &&
    typeof u.image_hash === 'string' &&
    typeof u.image_dimensions === 'string' &&
    typeof u.image_file_type === 'string' &&
    typeof u.image_file_size === 'number' &&
    Array.isArray(u.metadata_found) &&
    u.metadata_found.every((m) => typeof m === 'string') &&
    typeof u.exact_matches === 'number';
  return ok ? (u as unknown as UploadResponse) : null;
}

export function emptyWizardStart(): WizardStart {
  return { step: FIRST_STEP, values: initialWizardValues(null), file: null, upload: null, restored: null };
}

/** Where the wizard starts. Read once, when the page opens. */
export function wizardStart(): WizardStart {
  const draft = readDraft();
  if (draft?.kind === 'wizard') {
    const { wizard, email, file } = draft;
    const step = Math.min(Math.max(Math.trunc(wizard.step) || FIRST_STEP, FIRST_STEP), REVIEW_STEP);
    // A memory copy of the e-mail means this page was not reloaded (the artist came back to it).
    const reloaded = email === null;
    return {
      step,
      values: restoreWizardValues(wizard.values, email),
      file,
      upload: storedUpload(wizard.upload),
      restored: reloaded ? { emailLost: wizard.emailGiven } : null,
    };
  }
  if (draft?.kind === 'handover') {
    // With its image (not reloaded since the home form) the wizard skips step 1.
    const { handover } = draft;
    return {
      ...emptyWizardStart(),
      step: handover.file ? FIRST_STEP + 1 : FIRST_STEP,
      values: initialWizardValues(handover),
      file: handover.file,
    };
  }
  return emptyWizardStart();
}

/**
 * Keeps the draft current after every change. An untouched wizard leaves no draft. `finish()`
 * stops it for good (after a successful submission, so the next wizard starts empty).
 */
export function useDraftAutosave(state: { step: number; values: WizardValues; file: File | null; upload: UploadResponse | null }) {
  const finished = useRef(false);
  const { step, values, file, upload } = state;
  useEffect(() => {
    if (finished.current) return;
    if (step === FIRST_STEP && !upload && !file && isPristine(values)) {
      clearDraft();
      return;
    }
    saveWizardDraft({ step, values: draftValues(values), upload, email: values.author_email, file });
  }, [step, values, file, upload]);
  return {
    finish() {
      finished.current = true;
      clearDraft();
    },
  };
}

/** Whether the restored upload's preview can still be loaded (it expires on the server). `onLost` must be stable. */
export function useRestoredUploadCheck(upload: UploadResponse | null, onLost: () => void) {
  // Only the upload the page opened with: a new one was just made and is known to exist.
  const [checked] = useState(upload);
  useEffect(() => {
    if (!checked) return;
    const probe = new Image();
    probe.onerror = onLost;
    probe.src = checked.image_url;
    return () => {
      probe.onerror = null;
    };
  }, [checked, onLost]);
}
