// One labelled row of a review dialog's details (a <dt>/<dd> pair inside the dialog's <dl>).
import type { ReactNode } from 'react';

export function ReviewField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}
