// The verification badge as SVG: title, artist, status label and colour, score out of 100,
// short ID, registry ID and the proof URL. Pure: the PNG badges are rendered from this SVG, and
// the live badge (/badge/{id}.svg) serves it directly. Drawn on an 800×300 canvas (viewBox);
// width/height may scale it, e.g. to the small 400×150 badge.
import { BADGE_SIZES, TRUST_MAX } from '../../core/constants';
import { clampScore, trustStatus } from '../../core/status';
import { shortId } from '../../core/ids';
import { SITE_NAME } from '../../core/site';
import { replaceInvalidXmlChars } from '../http/xml-text';
import { escapeHtml, truncate } from '../http/html-escape';

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

/**
 * Text in the SVG, which is XML: markup escaped, and characters XML 1.0 cannot carry (control
 * characters in a title) replaced with U+FFFD, or browsers and the PNG renderer reject the file.
 */
function svgText(value: string): string {
  return escapeHtml(replaceInvalidXmlChars(value));
}

function displayUrl(url: string): string {
  return truncate(url.replace(/^https?:\/\//, ''), URL_CHARS);
}

// The rounded border. A stroke is centred on its outline, so the outline is inset by half the
// stroke plus a margin: the whole border, antialiased edge included, lies inside the canvas, with
// a transparent pixel around it even on the half-size small badge.
const BORDER_WIDTH = 4;
const BORDER_INSET = BORDER_WIDTH / 2 + 2;
const CORNER_RADIUS = 20;
/** Width of the accent stripe along the left edge, inside the border. */
const STRIPE_WIDTH = 20;

function frame(colour: string, label: string, body: string, size: { width: number; height: number }): string {
  const outline = `x="${BORDER_INSET}" y="${BORDER_INSET}" width="${W - 2 * BORDER_INSET}" height="${H - 2 * BORDER_INSET}" rx="${CORNER_RADIUS}"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${svgText(label)}">` +
    `<title>${svgText(label)}</title>` +
    // The stripe is clipped to the card's rounded shape, so it follows the corners instead of
    // poking out of them; the border is drawn last, over the stripe's edge.
    `<defs><clipPath id="badge-card"><rect ${outline}/></clipPath></defs>` +
    `<rect ${outline} fill="#ffffff"/>` +
    `<rect x="0" y="0" width="${BORDER_INSET + STRIPE_WIDTH}" height="${H}" fill="${colour}" clip-path="url(#badge-card)"/>` +
    `<rect ${outline} fill="none" stroke="${colour}" stroke-width="${BORDER_WIDTH}"/>` +
    `<g font-family="${svgText(FONT)}">${body}</g></svg>`
  );
}

function header(): string {
  return `<text x="50" y="52" font-size="20" font-weight="bold" fill="${MUTED}" letter-spacing="1">${svgText(SITE_NAME.toUpperCase())} · PUBLIC REGISTRY RECORD</text>`;
}

function footer(idText: string, proofUrl: string | null): string {
  return (
    `<text x="50" y="238" font-size="20" fill="${INK}">${svgText(idText)}</text>` +
    (proofUrl ? `<text x="50" y="272" font-size="18" fill="${MUTED}">${svgText(displayUrl(proofUrl))}</text>` : '')
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
    `<text x="50" y="108" font-size="34" font-weight="bold" fill="${INK}">${svgText(truncate(input.title, TITLE_CHARS))}</text>` +
    `<text x="50" y="146" font-size="22" fill="${MUTED}">by ${svgText(truncate(input.artistName, ARTIST_CHARS))}</text>` +
    `<rect x="50" y="164" width="${pillWidth}" height="40" rx="20" fill="${status.hex}"/>` +
    `<text x="${50 + pillWidth / 2}" y="191" font-size="20" font-weight="bold" fill="#ffffff" text-anchor="middle">${svgText(status.label)}</text>` +
    `<text x="${70 + pillWidth}" y="195" font-size="28" font-weight="bold" fill="${status.hex}">${svgText(scoreText)}</text>` +
    footer(`${input.registryId} · ID ${shortId(input.id)}`, input.proofUrl);
  const label = `${SITE_NAME} badge: ${input.title} by ${input.artistName}, ${status.label} ${scoreText}, ${input.registryId}`;
  return frame(status.hex, label, body, size);
}
