import type { ReactNode } from 'react';

interface PageShellProps {
  title: string;
  intro?: ReactNode;
  /** Optional per-page nav or back link shown above the title. */
  top?: ReactNode;
  children: ReactNode;
}

/** Common frame of a static page: one h1, an intro and readable line lengths at 360-1280 px. */
export function PageShell({ title, intro, top, children }: PageShellProps) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      {top}
      <header className="mb-10">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        {intro && <div className="mt-4 max-w-3xl text-lg text-muted-foreground">{intro}</div>}
      </header>
      <div className="space-y-14">{children}</div>
    </div>
  );
}
