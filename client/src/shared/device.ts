import { useMemo } from 'react';

/** iOS or Android: the portal may be running inside a banking app's web view (spec 1 §2 header). */
export function isMobileWebView(userAgent: string): boolean {
  return /iPhone|iPad|iPod|Android/i.test(userAgent);
}

export function useMobileWebView(): boolean {
  return useMemo(() => typeof navigator !== 'undefined' && isMobileWebView(navigator.userAgent), []);
}
