import { PageContainer } from '../components/layout/PageContainer';
import { useDocumentTitle } from '../lib/useDocumentTitle';

/** Stand-in used by routes whose real page is built later: a heading and one sentence. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  useDocumentTitle(title);
  return (
    <PageContainer>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-3 max-w-2xl text-muted-foreground">{description}</p>
    </PageContainer>
  );
}
