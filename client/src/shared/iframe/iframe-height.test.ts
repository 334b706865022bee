// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IFRAME_HEIGHT_MESSAGE, heightMessage, startIframeHeightReporter } from './iframe-height';

/** A window whose parent is another window, as inside an iframe. */
function embeddedWindow() {
  const postMessage = vi.fn();
  const win = Object.create(window, { parent: { value: { postMessage } } }) as typeof window;
  return { win, postMessage };
}

function setBodyHeight(height: number) {
  Object.defineProperty(document.body, 'scrollHeight', { configurable: true, value: height });
}

beforeEach(() => {
  vi.useFakeTimers();
  setBodyHeight(600);
});

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('iframe height messages', () => {
  it('adds 40 pixels to the page height', () => {
    expect(heightMessage(600)).toEqual({ type: IFRAME_HEIGHT_MESSAGE, height: 640 });
  });

  it('does nothing when the app is not embedded', () => {
    const spy = vi.spyOn(window, 'postMessage');
    const stop = startIframeHeightReporter(window);
    vi.advanceTimersByTime(2000);
    expect(spy).not.toHaveBeenCalled();
    stop();
  });

  it('posts the height 500 ms after the last change', async () => {
    const { win, postMessage } = embeddedWindow();
    const stop = startIframeHeightReporter(win);
    vi.advanceTimersByTime(500);
    expect(postMessage).toHaveBeenCalledTimes(1);
    expect(postMessage).toHaveBeenLastCalledWith({ type: IFRAME_HEIGHT_MESSAGE, height: 640 }, '*');

    setBodyHeight(900);
    document.body.append(document.createElement('p'));
    await vi.advanceTimersByTimeAsync(499);
    expect(postMessage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(postMessage).toHaveBeenLastCalledWith({ type: IFRAME_HEIGHT_MESSAGE, height: 940 }, '*');
    stop();
  });

  it('posts at least every 1000 ms while the page keeps changing', async () => {
    const { win, postMessage } = embeddedWindow();
    const stop = startIframeHeightReporter(win);
    await vi.advanceTimersByTimeAsync(500);
    postMessage.mockClear();
    for (let elapsed = 0; elapsed < 1000; elapsed += 200) {
      win.dispatchEvent(new Event('resize'));
      await vi.advanceTimersByTimeAsync(200);
    }
    expect(postMessage).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops reporting when stopped', async () => {
    const { win, postMessage } = embeddedWindow();
    const stop = startIframeHeightReporter(win);
    stop();
    document.body.append(document.createElement('p'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
