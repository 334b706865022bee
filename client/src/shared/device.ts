import { useMemo } from 'react';

/** iOS or Android: the portal may be running inside a banking app's web view (spec 1 §2 header). */
export function isMobileWebView(userAgent: string): boolean {
  return /iPhone|iPad|iPod|Android/i.test(userAgent);
}

export function useMobileWebView(): boolean {
  return useMemo(() => typeof navigator !== 'undefined' && isMobileWebView(navigator.userAgent), []);
}

/** Below Chakra's `md` breakpoint (48em, 768 px): a phone. */
const NARROW_QUERY = '(max-width: 47.99em)';

/** Whether the screen is phone-sized when the component first renders (long sections start folded there). */
export function useNarrowScreen(): boolean {
  return useMemo(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia(NARROW_QUERY).matches,
    [],
  );
}
