import type { ReactNode } from 'react';

interface SectionProps {
  /** Used for the heading id, so other pages can link to #id. */
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** An h2 section; its content uses h3 and below, keeping the heading order intact. */
export function Section({ id, title, intro, children }: SectionProps) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {intro && <div className="mt-2 max-w-3xl text-muted-foreground">{intro}</div>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Running text with comfortable spacing between paragraphs and lists. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="max-w-3xl space-y-4 leading-relaxed [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.9em] [&_li]:ml-5 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ul]:list-disc [&_ul]:space-y-2">
      {children}
    </div>
  );
}
