// Head tags for crawlers and link previews on /verify/{id} and /artist/{name} (DECISIONS #19).
import type { PageHeadProvider } from '../http/pages';
import type { AppDeps } from '../deps';

export function proofPageHeadProviders(_deps: AppDeps): PageHeadProvider[] {
  // Filled in by the proof feature.
  return [];
}
