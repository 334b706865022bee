// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { NOTICE_TITLES, noticeOptions, notify, toaster } from './notify';

describe('noticeOptions', () => {
  it('uses the exact titles of the spec, trailing space included', () => {
    expect(NOTICE_TITLES).toEqual({ success: 'Success. ', alert: 'Alert. ', warning: 'Warning. ' });
    expect(noticeOptions('success', 'Bill paid successfully').title).toBe('Success. ');
    expect(noticeOptions('alert', 'Server error.').title).toBe('Alert. ');
    expect(noticeOptions('warning', 'Careful').title).toBe('Warning. ');
  });

  it('keeps error toasts until they are tapped away, and times out the others', () => {
    expect(noticeOptions('alert', 'Server error.')).toMatchObject({ type: 'error', duration: Infinity });
    expect(noticeOptions('success', 'Done').duration).toBeLessThan(Infinity);
    expect(noticeOptions('warning', 'Careful')).toMatchObject({ type: 'warning' });
    expect(noticeOptions('warning', 'Careful').duration).toBeLessThan(Infinity);
  });

  it('carries the message as the description', () => {
    expect(noticeOptions('success', 'Bill reimbursed successfully').description).toBe('Bill reimbursed successfully');
  });
});

describe('a notice carried to the next screen (notify.successAfterNavigation, cleared by route changes)', () => {
  const shown = () => toaster.getVisibleToasts().map((toast) => toast.description);

  it('survives the route change to its screen, where every other toast goes, then the next one', () => {
    notify.clearFor('/start');
    notify.success('Saved the deposits.');
    notify.successAfterNavigation('/member/1/account/2/overview?viewMode=showMenus', 'Activation received.');
    expect(shown()).toEqual(['Activation received.', 'Saved the deposits.']); // shown at once, before it arrives
    notify.clearFor('/member/1/account/2/overview');
    expect(shown()).toEqual(['Activation received.']);
    notify.clearFor('/member/1/account/2/paybill');
    expect(shown()).toEqual([]);
  });

  it('goes when the route changes somewhere else first', () => {
    notify.successAfterNavigation('/member/1/account/2/overview', 'Activation received.');
    notify.clearFor('/');
    expect(shown()).toEqual([]);
  });
});
