// Copying and sharing links. The device share sheet is used when the browser has one; otherwise,
// or when sharing fails, the link is copied (docs/product.md §8). Pure browser APIs, no toasts here: the
// buttons decide what to tell the user.

/**
 * Copies text to the clipboard. Uses the async Clipboard API where allowed (secure contexts)
 * and falls back to a hidden textarea + execCommand, which still works on plain-http hosts.
 * Resolves false instead of throwing, so callers only choose which toast to show.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Permission denied or document not focused: try the legacy path below.
  }
  return legacyCopy(text);
}

function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  const previousFocus = document.activeElement as HTMLElement | null;
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    previousFocus?.focus?.();
  }
}

export interface ShareTarget {
  url: string;
  title?: string;
  text?: string;
}

/** 'shared' via the share sheet; 'copied' as fallback; 'cancelled' when the user closed the sheet; 'failed' when nothing worked. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** True when the browser offers a share sheet for this data. */
export function canUseShareSheet(target: ShareTarget): boolean {
  if (typeof navigator.share !== 'function') return false;
  // canShare is missing in some browsers that do have share(); assume shareable then.
  return typeof navigator.canShare !== 'function' || navigator.canShare(target);
}

/**
 * Opens the share sheet when there is one, else copies the link. A share that fails (not a
 * user cancel) also falls back to copying, so the visitor always ends up with the link.
 */
export async function shareOrCopy(target: ShareTarget): Promise<ShareOutcome> {
  if (canUseShareSheet(target)) {
    try {
      await navigator.share(target);
      return 'shared';
    } catch (error) {
      // Closing the sheet is a choice, not a failure: do not copy behind the user's back.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyToClipboard(target.url)) ? 'copied' : 'failed';
}

/** Absolute URL of an in-app path, on the configured site URL when known (links must survive being pasted elsewhere). */
export function absoluteUrl(path: string, siteUrl?: string | null): string {
  const base = (siteUrl || window.location.origin).replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}
