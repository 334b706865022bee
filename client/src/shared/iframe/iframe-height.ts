import { debounce } from '../debounce';

/** The message posted to the embedding page. */
export const IFRAME_HEIGHT_MESSAGE = 'billsmoothing:height';

export interface IframeHeightMessage {
  type: typeof IFRAME_HEIGHT_MESSAGE;
  height: number;
}

/** Spec 1 §9: height plus 40, debounced 500 ms, max wait 1000 ms. */
export const HEIGHT_PADDING_PX = 40;
export const HEIGHT_DEBOUNCE_MS = 500;
export const HEIGHT_MAX_WAIT_MS = 1_000;

export function heightMessage(scrollHeight: number): IframeHeightMessage {
  return { type: IFRAME_HEIGHT_MESSAGE, height: scrollHeight + HEIGHT_PADDING_PX };
}

/**
 * When the app runs inside an iframe, tells the parent page how tall it is whenever the layout changes.
 * Returns a stop function (a no-op when not embedded).
 */
export function startIframeHeightReporter(win: typeof window = window): () => void {
  if (win.parent === win) return () => {};
  const body = win.document.body;
  const report = debounce(
    () => win.parent.postMessage(heightMessage(body.scrollHeight), '*'),
    HEIGHT_DEBOUNCE_MS,
    HEIGHT_MAX_WAIT_MS,
  );
  const mutations = new win.MutationObserver(() => report());
  mutations.observe(body, { childList: true, subtree: true, attributes: true, characterData: true });
  const resizes = typeof win.ResizeObserver === 'function' ? new win.ResizeObserver(() => report()) : undefined;
  resizes?.observe(body);
  win.addEventListener('resize', report);
  report();
  return () => {
    report.cancel();
    mutations.disconnect();
    resizes?.disconnect();
    win.removeEventListener('resize', report);
  };
}
