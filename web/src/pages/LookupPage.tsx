import { PlaceholderPage } from './PlaceholderPage';

export default function LookupPage() {
  return (
    <PlaceholderPage
      title="Verify a File"
      description="Check whether an image file is already registered in the ledger, and find near-duplicates."
    />
  );
}
