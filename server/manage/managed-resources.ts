// The resources an artist edits on the manage page, and how an edited list becomes the stored
// one. The stored list (submissions.verification_resources) may also hold the fast-submit
// marker, which is bookkeeping, not evidence: it is kept as it was and never shown for editing.
import { badRequest } from '../../core/app-error';
import { FAST_SUBMIT, type ManageResourceType } from '../../core/constants';
import { MESSAGES } from '../../core/messages';
import type { ManageResource } from '../../core/api/manage';
import type { StoredResource } from '../works/manage-ports';

const DEFAULT_DESCRIPTIONS: Record<ManageResourceType, string> = {
  artist_profile: 'Artist profile',
  external_link: 'Link about this work',
};

function isMarker(resource: StoredResource): boolean {
  return resource.type === FAST_SUBMIT.verificationMethod;
}

export function storedResources(value: unknown): StoredResource[] {
  return (Array.isArray(value) ? value : []).flatMap((item) => {
    if (typeof item !== 'object' || item === null) return [];
    const r = item as Record<string, unknown>;
    return [
      {
        type: typeof r.type === 'string' ? r.type : 'link',
        url: typeof r.url === 'string' ? r.url : '',
        description: typeof r.description === 'string' ? r.description : '',
      },
    ];
  });
}

/** What the artist sees and edits: every stored resource but the marker. */
export function editableResources(stored: readonly StoredResource[]): StoredResource[] {
  return stored.filter((r) => !isMarker(r));
}

/** Two links are the same link whatever the case of the host or a trailing slash. */
function linkKey(url: string): string {
  try {
    const parsed = new URL(url.trim());
    return `${parsed.protocol}//${parsed.host.toLowerCase()}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`;
  } catch {
    return url.trim();
  }
}

export interface ResourceEdit {
  next: StoredResource[];
  added: number;
  removed: number;
}

/** The stored list after the artist's edit, with how many links came and went. */
export function applyResourceEdit(stored: readonly StoredResource[], edited: readonly ManageResource[]): ResourceEdit {
  const keys = edited.map((r) => linkKey(r.url));
  if (new Set(keys).size !== keys.length) {
    const { title, description } = MESSAGES.manageResourceDuplicate;
    throw badRequest(description, { resources: description }, title);
  }
  const before = editableResources(stored);
  const beforeKeys = new Set(before.map((r) => linkKey(r.url)));
  const afterKeys = new Set(keys);
  const next = edited.map((r) => ({ type: r.type, url: r.url, description: r.description || DEFAULT_DESCRIPTIONS[r.type] }));
  return {
    // The marker stays last, where registration put it.
    next: [...next, ...stored.filter(isMarker)],
    added: keys.filter((k) => !beforeKeys.has(k)).length,
    removed: [...beforeKeys].filter((k) => !afterKeys.has(k)).length,
  };
}

/** Registration keeps the first two profile links in these columns too; they follow the list. */
export function profileColumns(resources: readonly StoredResource[]): { portfolio_link: string | null; external_link: string | null } {
  const profiles = resources.filter((r) => r.type === 'artist_profile').map((r) => r.url);
  return { portfolio_link: profiles[0] ?? null, external_link: profiles[1] ?? null };
}
