// The live badge element's stylesheet (adopted by its shadow root). Colours meet WCAG AA on
// white: the status colour marks only the stripe and the dot, the text stays dark.
export const BADGE_STYLES = `
:host { display: inline-block; font: 14px/1.35 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #0f172a; }
.wrap { position: relative; display: inline-block; }
.badge {
  display: inline-flex; flex-direction: column; gap: 2px; min-width: 11rem; padding: 8px 12px 8px 16px;
  border: 1px solid #cbd5e1; border-left: 6px solid var(--status, #64748b); border-radius: 10px;
  background: #ffffff; color: #0f172a; text-decoration: none;
}
.badge.muted { border-left-color: #64748b; max-width: 18rem; }
a.badge:hover { border-color: #94a3b8; border-left-color: var(--status, #64748b); }
a.badge:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
.site { font-size: 11px; font-weight: 700; letter-spacing: 0.06em; text-transform: uppercase; color: #475569; }
.status { display: inline-flex; align-items: center; gap: 6px; font-weight: 700; }
.note { color: #334155; }
.dot { width: 10px; height: 10px; border-radius: 50%; background: var(--status, #64748b); }
.details {
  display: none; position: absolute; z-index: 2147483647; top: calc(100% + 6px); left: 0; width: 18rem;
  padding: 10px 12px; border: 1px solid #cbd5e1; border-radius: 10px; background: #ffffff; color: #0f172a;
  box-shadow: 0 8px 24px rgba(15, 23, 42, 0.15); flex-direction: column; gap: 3px;
}
.wrap:hover .details, .wrap:focus-within .details { display: flex; }
.title { font-weight: 700; overflow-wrap: anywhere; }
.cta { color: #1d4ed8; font-weight: 600; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
@media (prefers-reduced-motion: no-preference) { a.badge { transition: border-color 0.15s; } }
`;
