import { useEffect } from 'react';
import { startIframeHeightReporter } from './iframe-height';

/** Reports the page height to an embedding parent for as long as the app is mounted. */
export function useIframeHeight(): void {
  useEffect(() => startIframeHeightReporter(), []);
}
