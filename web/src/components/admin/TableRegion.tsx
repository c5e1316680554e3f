import type { ReactNode } from 'react';

/**
 * Wraps a wide table so it scrolls sideways inside the page at 375 px. The region is named and
 * focusable, so keyboard users can scroll it with the arrow keys (axe: scrollable-region-focusable).
 * `relative` makes it the containing block of the rows' screen-reader-only text (absolutely
 * positioned), which would otherwise widen the whole page.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="relative w-full overflow-x-auto rounded-card border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </div>
  );
}

/** Shared cell classes so every admin table looks the same. */
export const th = 'whitespace-nowrap bg-muted px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground';
export const td = 'px-3 py-2 align-top text-sm';
