import type { ReactNode } from 'react';
import { ExternalLink as ExternalIcon } from 'lucide-react';

interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  className?: string;
}

/** A link that opens in a new tab without giving the new page access to this one. */
export function ExternalLink({ href, children, className }: ExternalLinkProps) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={
        className ?? 'inline-flex items-center gap-1 font-medium text-primary underline underline-offset-2 hover:text-primary-hover'
      }
    >
      {children}
      <ExternalIcon aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
