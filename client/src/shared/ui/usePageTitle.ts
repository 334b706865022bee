import { useEffect } from 'react';

export const PRODUCT_FALLBACK_NAME = 'Bill smoothing';

/** Sets the document title for the page being shown, so screen readers and tabs name it. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${PRODUCT_FALLBACK_NAME}`;
  }, [title]);
}
