import { resolveImageUrl } from '../storage/object-store';

/**
 * Stored image value → absolute URL for the public API and exports. Our images live at
 * /artworks/{key} (server/http/artworks.ts), so a bare bucket key maps there, not to the
 * hosted backend's /storage/v1 path the pure module assumes by default.
 */
export function absoluteImageUrl(stored: string, siteUrl: string): string | null {
  const resolved = resolveImageUrl(stored.trim());
  if (!resolved || resolved.startsWith('blob:')) return null;
  return resolved.startsWith('/') ? `${siteUrl.replace(/\/+$/, '')}${resolved}` : resolved;
}
