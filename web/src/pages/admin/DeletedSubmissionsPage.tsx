import { PlaceholderPage } from '../PlaceholderPage';

export default function DeletedSubmissionsPage() {
  return <PlaceholderPage title="Deleted Submissions" description="Soft-deleted records, restorable by an admin." />;
}
