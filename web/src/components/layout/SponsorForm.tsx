import { Heart } from 'lucide-react';
import { useSiteConfig } from '../../lib/useSiteConfig';
import { buttonClasses } from '../ui/buttonStyles';

// `rel` on <form> is valid HTML (keeps the payment page from reaching back into this tab)
// but missing from React's types, hence the spread.
const noOpener = { rel: 'noopener noreferrer' } as Record<string, string>;

/**
 * The sponsor/donate form: posts, in a new tab, to the hosted payment page configured on the
 * server (decision 0020). Renders nothing while unknown or when no sponsor URL is set.
 */
export function SponsorForm({ className }: { className?: string }) {
  const { data } = useSiteConfig();
  const sponsorUrl = data?.sponsor_url;
  if (!sponsorUrl) return null;
  return (
    <form method="post" action={sponsorUrl} target="_blank" className={className} {...noOpener}>
      <button type="submit" className={buttonClasses('outline', 'sm')}>
        <Heart aria-hidden="true" className="h-4 w-4 text-red-700" />
        Sponsor
      </button>
    </form>
  );
}
