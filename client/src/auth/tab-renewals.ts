import type { SessionStore, TokenResponse } from './session';

/**
 * Tabs of one session renew its tokens once for all (issue 21 item 6). A tab opened from another copies its session
 * (sessionStorage), so both hold the same refresh token; the first to renew tells the others, which take the new
 * pair instead of presenting the used token again. The server answers twin renewals within a short grace; this
 * keeps a tab that renews late (a background tab, a sleeping laptop) from presenting a token used long ago, which
 * the server must take for a stolen copy and end the session for every tab.
 */

export interface Renewal {
  /** The refresh token the renewal used up. */
  used: string;
  token: TokenResponse;
}

/** The part of BroadcastChannel used here. */
export interface RenewalChannel {
  postMessage(message: Renewal): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Renewal>) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent<Renewal>) => void): void;
}

/** Takes another tab's renewal when it renewed this tab's token; returns a stop function. */
export function followRenewals(store: SessionStore, channel: RenewalChannel): () => void {
  const listener = ({ data }: MessageEvent<Renewal>) => {
    const mine = store.get()?.token.refresh_token;
    if (mine && data?.used === mine && data.token?.refresh_token) store.save(data.token);
  };
  channel.addEventListener('message', listener);
  return () => channel.removeEventListener('message', listener);
}

/** This tab's renewal, for the others. */
export function announceRenewal(channel: RenewalChannel | null, used: string, token: TokenResponse): void {
  channel?.postMessage({ used, token });
}

let channel: RenewalChannel | null | undefined;

/** The browser's channel between this site's tabs (made on first use), or null where there is none. */
export function tabChannel(): RenewalChannel | null {
  channel ??= typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('billsmoothing.session-renewals');
  return channel;
}
