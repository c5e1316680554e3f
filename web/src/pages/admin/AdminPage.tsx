import { PlaceholderPage } from '../PlaceholderPage';

export default function AdminPage() {
  return <PlaceholderPage title="Admin Dashboard" description="Log in to moderate submissions." />;
}
