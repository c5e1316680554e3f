// The hand-over from the home quick-start form to the /fast-submit wizard (SPEC §3 "Submission
// draft"). The text fields go to sessionStorage so a reload of the wizard keeps them; the image
// File cannot be serialised, so it lives only in this module: after a reload it is gone and the
// wizard starts again at step 1 (upload), with the text still filled in.

export interface DraftFields {
  /** Trimmed e-mail address. */
  email: string;
  /** Trimmed name, shown publicly as the artist name. */
  name: string;
  /** Trimmed title, at most 200 characters. */
  title: string;
}

export interface SubmissionDraft extends DraftFields {
  /** The original image the artist chose; null after a page reload. */
  file: File | null;
}

const STORAGE_KEY = 'veriwork:submission-draft';

let draftFile: File | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Storage can be disabled (privacy mode, sandboxed frames): the draft then lives in memory only.
    return null;
  }
}

let memoryFields: DraftFields | null = null;

function isDraftFields(value: unknown): value is DraftFields {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.email === 'string' && typeof v.name === 'string' && typeof v.title === 'string';
}

/** Stores the draft for the wizard, replacing any earlier one. */
export function saveDraft(draft: SubmissionDraft): void {
  const fields: DraftFields = { email: draft.email.trim(), name: draft.name.trim(), title: draft.title.trim() };
  draftFile = draft.file;
  memoryFields = fields;
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(fields));
  } catch {
    // Quota or disabled storage: the in-memory copy still carries the draft to the wizard.
  }
}

/** The current draft, or null when the home form handed nothing over. Does not consume it. */
export function readDraft(): SubmissionDraft | null {
  let fields = memoryFields;
  if (!fields) {
    try {
      const raw = storage()?.getItem(STORAGE_KEY);
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      if (isDraftFields(parsed)) fields = parsed;
    } catch {
      fields = null;
    }
  }
  if (!fields) return null;
  return { ...fields, file: draftFile };
}

/** Forgets the draft (after a successful submission). */
export function clearDraft(): void {
  draftFile = null;
  memoryFields = null;
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}
