import { useId, useRef, type ReactNode } from 'react';
import { MoveHorizontal } from 'lucide-react';
import { useHorizontalOverflow } from './useHorizontalOverflow';

export const TABLE_SCROLL_HINT = 'Scroll sideways to see every column.';

/**
 * Wraps a wide table so it scrolls sideways inside the page at 375 px. The region is named and
 * focusable, so keyboard users can scroll it with the arrow keys (axe: scrollable-region-focusable).
 * `relative` makes it the containing block of the rows' screen-reader-only text (absolutely
 * positioned), which would otherwise widen the whole page. While the table is wider than its
 * region a visible hint says so (issue 17: columns used to hide with no sign that they scroll).
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  const overflows = useHorizontalOverflow(region);
  const hintId = useId();
  return (
    <div className="grid gap-2">
      {overflows && (
        <p id={hintId} className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <MoveHorizontal aria-hidden="true" className="h-4 w-4 shrink-0" />
          {TABLE_SCROLL_HINT}
        </p>
      )}
      <div
        ref={region}
        role="region"
        aria-label={label}
        aria-describedby={overflows ? hintId : undefined}
        tabIndex={0}
        className="relative w-full overflow-x-auto rounded-card border border-border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </div>
    </div>
  );
}

/** Shared cell classes so every admin table looks the same. */
export const th = 'whitespace-nowrap bg-muted px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-muted-foreground';
export const td = 'px-3 py-2 align-top text-sm';
