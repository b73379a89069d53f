import { useEffect } from 'react';
import { documentTitle } from '../../../shared/public-pages';
import { siteConfig } from '../lib/site-config';

/** Sets the browser tab title to '<page> | <business name>' while the page is shown. */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle, siteConfig.businessName);
  }, [pageTitle]);
}
