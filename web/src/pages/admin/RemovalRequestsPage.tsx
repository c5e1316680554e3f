import { PlaceholderPage } from '../PlaceholderPage';

export default function RemovalRequestsPage() {
  return <PlaceholderPage title="Removal Requests" description="Review, approve or deny removal requests." />;
}
