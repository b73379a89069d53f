import { useEffect } from 'react';
import { siteConfig } from '../lib/site-config';

/** Sets the browser tab title to '<page> | <business name>' while the page is shown. */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = `${pageTitle} | ${siteConfig.businessName}`;
  }, [pageTitle]);
}
