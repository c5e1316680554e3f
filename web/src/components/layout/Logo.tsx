import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { SITE_NAME } from '#core/site';

export function Logo() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <ShieldCheck aria-hidden="true" className="h-7 w-7 text-primary" />
      <span>{SITE_NAME}</span>
    </Link>
  );
}
