// A link to a URL that came from a submission (resources, portfolio): never passes our page as
// referrer or lends it ranking (rel nofollow), and opens in a new tab when it leaves this site.
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { isExternalLink } from './format';

export function OutboundLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const external = isExternalLink(href);
  return (
    <a
      href={href}
      rel="noopener noreferrer nofollow"
      target={external ? '_blank' : undefined}
      className={cn('inline-flex max-w-full items-center gap-1 break-all text-primary hover:underline', className)}
    >
      {children}
      {external && (
        <>
          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
          <span className="sr-only">(opens in a new tab)</span>
        </>
      )}
    </a>
  );
}
