import { createToaster } from '@chakra-ui/react';

export type NoticeKind = 'success' | 'alert' | 'warning';

/** Toast titles, exactly as the spec words them (spec 1 §8), trailing space included. */
export const NOTICE_TITLES: Record<NoticeKind, string> = {
  success: 'Success. ',
  alert: 'Alert. ',
  warning: 'Warning. ',
};

const TIMEOUT_MS = 6_000;

export interface NoticeOptions {
  type: 'success' | 'error' | 'warning';
  title: string;
  description: string;
  duration: number;
  closable: boolean;
}

/** Errors ("Alert. ") never time out: the user dismisses them by tapping. */
export function noticeOptions(kind: NoticeKind, message: string): NoticeOptions {
  return {
    type: kind === 'alert' ? 'error' : kind,
    title: NOTICE_TITLES[kind],
    description: message,
    duration: kind === 'alert' ? Infinity : TIMEOUT_MS,
    closable: true,
  };
}

/** At the bottom: at the top they covered the header's Log out and, on a phone, its menu button (issue 8 item 8). */
export const toaster = createToaster({ placement: 'bottom-end', pauseOnPageIdle: true, max: 5 });

export const notify = {
  success: (message: string) => toaster.create(noticeOptions('success', message)),
  alert: (message: string) => toaster.create(noticeOptions('alert', message)),
  warning: (message: string) => toaster.create(noticeOptions('warning', message)),
  /** Removes every toast at once (on each route change). */
  clear: () => toaster.remove(),
};

/** The navigation state that carries a success notice to the next screen (shown by the layout after its clear). */
export function withNotice(message: string): { notice: string } {
  return { notice: message };
}

/** The notice a navigation carried, if any. */
export function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const notice = (state as { notice?: unknown }).notice;
  return typeof notice === 'string' && notice !== '' ? notice : null;
}
