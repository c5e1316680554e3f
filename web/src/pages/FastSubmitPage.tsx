import { PlaceholderPage } from './PlaceholderPage';

export default function FastSubmitPage() {
  return (
    <PlaceholderPage
      title="Fast Submit"
      description="Register an artwork in seven short steps: image, title and prompt, story, tool, permissions, contact, review."
    />
  );
}
