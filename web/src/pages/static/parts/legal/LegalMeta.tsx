import { Link } from 'react-router';
import { LEGAL_LAST_UPDATED } from './legalFacts';

/** "Last updated" line and the cross-links between the legal pages. */
export function LegalMeta() {
  return (
    <p className="text-sm text-muted-foreground">
      Last updated: {LEGAL_LAST_UPDATED}. See also the{' '}
      <Link to="/terms" className="font-medium text-primary underline underline-offset-2">
        Terms of Service
      </Link>
      ,{' '}
      <Link to="/privacy" className="font-medium text-primary underline underline-offset-2">
        Privacy Policy
      </Link>{' '}
      and{' '}
      <Link to="/compliance" className="font-medium text-primary underline underline-offset-2">
        timestamp compliance statement
      </Link>
      .
    </p>
  );
}
