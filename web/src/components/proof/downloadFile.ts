// Downloads a proof artefact through fetch rather than a plain link, so the page knows whether
// the file really arrived before it says so in a toast. The file keeps the server's name
// (Content-Disposition), e.g. 'VW-2026-000001-badge-large.png'.
import { toApiError } from '../../lib/api';

/** The filename of a Content-Disposition header, or null. */
export function attachmentFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // Fall back to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = plain?.[1] ?? plain?.[2]?.trim();
  return name || null;
}

export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const response = await fetch(path, { credentials: 'same-origin' });
  if (!response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    throw toApiError(response.status, body);
  }
  const name = attachmentFileName(response.headers.get('Content-Disposition')) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.hidden = true;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // The browser has taken the blob once the click is handled; free it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
