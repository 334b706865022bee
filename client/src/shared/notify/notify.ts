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

/** Toasts made for the screen being opened: their id and the pathname they were carried to. */
const carried = new Map<string, string>();

/** A path's pathname (`/a/b?c#d` → `/a/b`). */
function pathnameOf(to: string): string {
  return to.split(/[?#]/)[0];
}

export const notify = {
  success: (message: string) => toaster.create(noticeOptions('success', message)),
  alert: (message: string) => toaster.create(noticeOptions('alert', message)),
  warning: (message: string) => toaster.create(noticeOptions('warning', message)),
  /**
   * A success notice for the screen about to be opened at `to` (an absolute path): shown at once, and kept by the
   * route change to that screen, which clears every other toast (then it goes with the next route change). Nothing
   * travels in the navigation's state: no timer, no second navigation, nothing a slow or interrupted navigation loses.
   */
  successAfterNavigation: (to: string, message: string) => {
    const id = toaster.create(noticeOptions('success', message));
    carried.set(id, pathnameOf(to));
    return id;
  },
  /** On each route change (to `pathname`): removes every toast but those carried to it, which are kept this once. */
  clearFor: (pathname: string) => {
    for (const { id } of toaster.getVisibleToasts()) {
      // Never remove(undefined): that removes every toast.
      if (id !== undefined && carried.get(id) !== pathname) toaster.remove(id);
    }
    carried.clear();
  },
};
