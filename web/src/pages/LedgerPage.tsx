import { PlaceholderPage } from './PlaceholderPage';

export default function LedgerPage() {
  return (
    <PlaceholderPage
      title="Public Verification Ledger"
      description="Search and browse every public, verified artwork in the registry."
    />
  );
}
