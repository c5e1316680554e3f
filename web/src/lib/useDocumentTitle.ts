import { useEffect } from 'react';
import { SITE_NAME } from '#core/site';

/** Sets the tab title as "<page> | VeriWork" (just the site name when no page title). */
export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${SITE_NAME}` : SITE_NAME;
  }, [pageTitle]);
}
