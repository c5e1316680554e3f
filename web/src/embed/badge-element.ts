// <veriwork-badge work="VW-…">: the live verification badge other sites embed with one script
// (built to /embed/badge.js, see web/embed-script-plugin.ts). It shows the work's current status
// and score from the registry, details on hover or keyboard focus, and links to the proof page.
//
// Made to sit on someone else's page: no cookies (credentials: 'omit'), no inline <style> or
// style attributes (a constructed stylesheet and CSSOM only, which a site's CSP does not block),
// no innerHTML (every text from the registry goes in as a text node), and a shadow root so the
// host page's CSS and ours do not touch.
import type { EmbedBadgeData } from '#core/api/embed';
import { EMBED_BADGE_TAG, EMBED_BADGE_TEXTS as T, embedBadgeDataPath } from '#core/embed-badge';
import { SITE_NAME } from '#core/site';
import { BADGE_STYLES } from './badge-styles';

// The registry is wherever this script came from (a classic <script src>, so currentScript is set).
const REGISTRY_ORIGIN = new URL((document.currentScript as HTMLScriptElement | null)?.src ?? location.href).origin;

type BadgeState = { kind: 'loading' } | { kind: 'missing' } | { kind: 'unavailable' } | EmbedBadgeData;

let sharedSheet: CSSStyleSheet | undefined;
function badgeSheet(): CSSStyleSheet {
  if (!sharedSheet) {
    sharedSheet = new CSSStyleSheet();
    sharedSheet.replaceSync(BADGE_STYLES);
  }
  return sharedSheet;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

async function fetchBadge(ref: string): Promise<BadgeState> {
  if (!ref) return { kind: 'missing' };
  try {
    const response = await fetch(`${REGISTRY_ORIGIN}${embedBadgeDataPath(ref)}`, {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
    });
    if (response.status === 404 || response.status === 400 || response.status === 414) return { kind: 'missing' };
    if (!response.ok) return { kind: 'unavailable' };
    return (await response.json()) as EmbedBadgeData;
  } catch {
    return { kind: 'unavailable' };
  }
}

/** A card with a title line and a message, for every state but a public work. */
function notice(title: string, message: string, href?: string): HTMLElement {
  const body = [
    el('span', { class: 'site' }, SITE_NAME),
    el('span', { class: 'status' }, title),
    el('span', { class: 'note' }, message),
  ];
  return href
    ? el('a', { class: 'badge muted', href, target: '_blank', rel: 'noopener' }, ...body)
    : el('div', { class: 'badge muted', role: 'status' }, ...body);
}

function workBadge(work: Extract<EmbedBadgeData, { kind: 'work' }>): HTMLElement {
  const score = `${work.trust_score}/${work.trust_max}`;
  const details = el(
    'span',
    { class: 'details', id: 'details', role: 'tooltip' },
    el('span', { class: 'title' }, work.title),
    el('span', {}, `by ${work.artist_name}`),
    el('span', {}, `${work.status_label}: ${work.status_meaning}`),
    el('span', {}, `${T.trustScore} ${score} · ${work.registry_id}`),
    el('span', {}, `${T.registeredOn} ${formatDate(work.registered_at)}`),
    el('span', { class: 'cta' }, `${T.openProof} →`),
  );
  const link = el(
    'a',
    { class: 'badge', href: work.proof_url, target: '_blank', rel: 'noopener', 'aria-describedby': 'details' },
    el('span', { class: 'site' }, SITE_NAME),
    el(
      'span',
      { class: 'status' },
      el('span', { class: 'dot', 'aria-hidden': 'true' }),
      `${work.status_label} · `,
      el('span', { class: 'visually-hidden' }, `${T.trustScore} `),
      score,
    ),
  );
  // CSSOM, not a style attribute: allowed under any style-src policy.
  link.style.setProperty('--status', work.status_colour);
  return el('span', { class: 'wrap' }, link, details);
}

function render(state: BadgeState): HTMLElement {
  switch (state.kind) {
    case 'loading':
      return notice(SITE_NAME, T.loading);
    case 'missing':
      return notice(T.notFoundTitle, T.notFound);
    case 'unavailable':
      return notice(T.unavailableTitle, T.unavailable);
    case 'removed':
      return notice(T.removedTitle, T.removed, state.proof_url);
    case 'work':
      return workBadge(state);
  }
}

class VeriworkBadge extends HTMLElement {
  static readonly observedAttributes = ['work'];
  private readonly root = this.attachShadow({ mode: 'open' });
  // Only the newest request may draw: an attribute change can overtake an earlier answer.
  private generation = 0;

  connectedCallback(): void {
    this.root.adoptedStyleSheets = [badgeSheet()];
    void this.load();
  }

  attributeChangedCallback(_name: string, previous: string | null, next: string | null): void {
    if (this.isConnected && previous !== next) void this.load();
  }

  private async load(): Promise<void> {
    const generation = ++this.generation;
    this.root.replaceChildren(render({ kind: 'loading' }));
    const state = await fetchBadge((this.getAttribute('work') ?? '').trim());
    if (generation === this.generation) this.root.replaceChildren(render(state));
  }
}

if (!customElements.get(EMBED_BADGE_TAG)) customElements.define(EMBED_BADGE_TAG, VeriworkBadge);
