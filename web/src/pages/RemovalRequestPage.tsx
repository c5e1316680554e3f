import { PlaceholderPage } from './PlaceholderPage';

export default function RemovalRequestPage() {
  return (
    <PlaceholderPage
      title="Request Artwork Removal"
      description="Ask for a work to be removed from the public ledger. Moderators review requests within 48-72 hours."
    />
  );
}
