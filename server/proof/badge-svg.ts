// The verification badge as SVG: title, artist, status label and colour, score out of 100,
// short ID, registry ID and the proof URL. Pure: the PNG badges are rendered from this SVG, and
// the live badge (/badge/{id}.svg) serves it directly. Drawn on an 800×300 canvas (viewBox);
// width/height may scale it, e.g. to the small 400×150 badge.
import { BADGE_SIZES, TRUST_MAX } from '../../core/constants';
import { clampScore, trustStatus } from '../../core/status';
import { shortId } from '../../core/ids';
import { SITE_NAME } from '../../core/site';
import { escapeHtml, truncate } from './html-escape';

export type BadgeInput =
  | { kind: 'work'; id: string; registryId: string; title: string; artistName: string; score: number; proofUrl: string }
  /** Soft-deleted work: the live badge says so, and shows no title or artist. */
  | { kind: 'removed'; id: string; registryId: string; proofUrl: string }
  /** Unknown or private id: nothing about it is shown. */
  | { kind: 'missing' };

const { width: W, height: H } = BADGE_SIZES.large;
// Installed on the server (STACK.md); librsvg picks the first available family.
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";
const MUTED = '#64748b';
const INK = '#0f172a';
const REMOVED = '#6b7280';

// Character budgets so text fits the 800 px canvas at the chosen font sizes (DejaVu Sans is wide:
// about 0.6 em a character).
const TITLE_CHARS = 32;
const ARTIST_CHARS = 44;
const URL_CHARS = 52;

function displayUrl(url: string): string {
  return truncate(url.replace(/^https?:\/\//, ''), URL_CHARS);
}

function frame(colour: string, label: string, body: string, size: { width: number; height: number }): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(label)}">` +
    `<title>${escapeHtml(label)}</title>` +
    `<rect x="2" y="2" width="${W - 4}" height="${H - 4}" rx="20" fill="#ffffff" stroke="${colour}" stroke-width="4"/>` +
    `<rect x="2" y="2" width="20" height="${H - 4}" rx="10" fill="${colour}"/>` +
    `<g font-family="${escapeHtml(FONT)}">${body}</g></svg>`
  );
}

function header(): string {
  return `<text x="50" y="52" font-size="20" font-weight="bold" fill="${MUTED}" letter-spacing="1">${escapeHtml(SITE_NAME.toUpperCase())} · PUBLIC REGISTRY RECORD</text>`;
}

function footer(idText: string, proofUrl: string | null): string {
  return (
    `<text x="50" y="238" font-size="20" fill="${INK}">${escapeHtml(idText)}</text>` +
    (proofUrl ? `<text x="50" y="272" font-size="18" fill="${MUTED}">${escapeHtml(displayUrl(proofUrl))}</text>` : '')
  );
}

export function badgeSvg(input: BadgeInput, size: { width: number; height: number } = BADGE_SIZES.large): string {
  if (input.kind === 'missing') {
    const body =
      header() +
      `<text x="50" y="130" font-size="36" font-weight="bold" fill="${REMOVED}">Not found</text>` +
      `<text x="50" y="175" font-size="22" fill="${MUTED}">This Registry ID doesn't exist or the submission is private.</text>`;
    return frame(REMOVED, `${SITE_NAME} badge: not found`, body, size);
  }
  if (input.kind === 'removed') {
    const body =
      header() +
      `<text x="50" y="130" font-size="40" font-weight="bold" fill="${REMOVED}">Removed</text>` +
      `<text x="50" y="175" font-size="22" fill="${MUTED}">This work was removed from the public ledger.</text>` +
      footer(`${input.registryId} · ID ${shortId(input.id)}`, input.proofUrl);
    return frame(REMOVED, `${SITE_NAME} badge: ${input.registryId} removed`, body, size);
  }
  const score = clampScore(input.score);
  const status = trustStatus(score);
  const scoreText = `${score}/${TRUST_MAX}`;
  const pillWidth = 40 + status.label.length * 15;
  const body =
    header() +
    `<text x="50" y="108" font-size="34" font-weight="bold" fill="${INK}">${escapeHtml(truncate(input.title, TITLE_CHARS))}</text>` +
    `<text x="50" y="146" font-size="22" fill="${MUTED}">by ${escapeHtml(truncate(input.artistName, ARTIST_CHARS))}</text>` +
    `<rect x="50" y="164" width="${pillWidth}" height="40" rx="20" fill="${status.hex}"/>` +
    `<text x="${50 + pillWidth / 2}" y="191" font-size="20" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeHtml(status.label)}</text>` +
    `<text x="${70 + pillWidth}" y="195" font-size="28" font-weight="bold" fill="${status.hex}">${escapeHtml(scoreText)}</text>` +
    footer(`${input.registryId} · ID ${shortId(input.id)}`, input.proofUrl);
  const label = `${SITE_NAME} badge: ${input.title} by ${input.artistName}, ${status.label} ${scoreText}, ${input.registryId}`;
  return frame(status.hex, label, body, size);
}
