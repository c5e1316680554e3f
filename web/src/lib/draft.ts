// The registration draft (docs/product.md §3 "Submission draft", issue 17): the hand-over from the home
// quick-start form to the /fast-submit wizard, and the wizard's own progress, kept until the work
// is submitted or the draft discarded.
//
// Where each part lives:
// - sessionStorage (this tab only, survives a reload, gone when the tab closes): the wizard's
//   step, its values without the e-mail address, and the server's answer for the uploaded image
//   (its upload id and preview URL), so a reload comes back to the same step with the preview;
// - this module's memory only (gone on reload): the e-mail address, which is personal data and
//   stays out of any storage, and the chosen File, which cannot be serialised.

export interface DraftFields {
  /** Trimmed e-mail address. */
  email: string;
  /** Trimmed name, shown publicly as the artist name. */
  name: string;
  /** Trimmed title, at most 200 characters. */
  title: string;
}

/** The quick-start form's hand-over. */
export interface SubmissionDraft extends DraftFields {
  /** The original image the artist chose; null after a page reload. */
  file: File | null;
}

/** The wizard's progress. `values` never holds the e-mail; the wizard checks them when read back. */
export interface WizardDraft {
  step: number;
  values: Record<string, unknown>;
  /** The server's answer for the uploaded image (UploadResponse), or null before one finished. */
  upload: unknown;
  /** Whether an e-mail address had been entered (not the address): the wizard then asks for it again. */
  emailGiven: boolean;
}

/** What the wizard finds when it opens: its own draft, else the home form's hand-over, else nothing. */
export type StoredDraft =
  | { kind: 'wizard'; wizard: WizardDraft; email: string | null; file: File | null }
  | { kind: 'handover'; handover: SubmissionDraft }
  | null;

const STORAGE_KEY = 'veriwork:submission-draft';
const FORMAT = 2;

interface StoredRecord {
  format: typeof FORMAT;
  handover?: { name: string; title: string };
  wizard?: WizardDraft;
}

// Memory only: never written to storage.
let memoryEmail: string | null = null;
let memoryFile: File | null = null;
// Used when storage is unavailable (privacy mode, sandboxed frames): the draft then lives until reload.
let memoryRecord: StoredRecord | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function write(record: StoredRecord | null): void {
  memoryRecord = record;
  try {
    const store = storage();
    if (record) store?.setItem(STORAGE_KEY, JSON.stringify(record));
    else store?.removeItem(STORAGE_KEY);
  } catch {
    // Quota or disabled storage: the in-memory copy still carries the draft within this page.
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function read(): StoredRecord | null {
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (raw) {
      const parsed: unknown = JSON.parse(raw);
      // A draft written by another version of the app is dropped rather than half-read.
      if (isRecord(parsed) && parsed.format === FORMAT) return parsed as unknown as StoredRecord;
      return null;
    }
  } catch {
    // Unreadable storage or JSON: fall back to memory.
  }
  return memoryRecord;
}

function isWizardDraft(value: unknown): value is WizardDraft {
  return isRecord(value) && typeof value.step === 'number' && isRecord(value.values) && typeof value.emailGiven === 'boolean';
}

/** The home form's hand-over; replaces any earlier draft, the wizard's included. */
export function saveDraft(draft: SubmissionDraft): void {
  memoryEmail = draft.email.trim();
  memoryFile = draft.file;
  write({ format: FORMAT, handover: { name: draft.name.trim(), title: draft.title.trim() } });
}

/** The wizard's progress, after every change. The e-mail goes to memory only. */
export function saveWizardDraft(draft: Omit<WizardDraft, 'emailGiven'> & { email: string; file: File | null }): void {
  const { email, file, ...rest } = draft;
  memoryEmail = email;
  memoryFile = file;
  write({ format: FORMAT, wizard: { ...rest, emailGiven: email.trim() !== '' } });
}

/** The current draft, without consuming it. */
export function readDraft(): StoredDraft {
  const record = read();
  if (record && isWizardDraft(record.wizard)) return { kind: 'wizard', wizard: record.wizard, email: memoryEmail, file: memoryFile };
  const handover = record?.handover;
  if (isRecord(handover) && typeof handover.name === 'string' && typeof handover.title === 'string') {
    return { kind: 'handover', handover: { email: memoryEmail ?? '', name: handover.name, title: handover.title, file: memoryFile } };
  }
  return null;
}

/** Forgets the draft: after a successful submission, or when the artist discards it. */
export function clearDraft(): void {
  memoryEmail = null;
  memoryFile = null;
  write(null);
}
