// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { NOTICE_TITLES, noticeOf, noticeOptions, withNotice } from './notify';

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

describe('noticeOf (the notice a navigation carries to the next screen)', () => {
  it.each([
    ['the message carried by withNotice', withNotice('Activation received.'), 'Activation received.'],
    ['no state', null, null],
    ['state without a notice', { other: 1 }, null],
    ['an empty notice', { notice: '' }, null],
    ['a notice that is not text', { notice: 42 }, null],
  ])('%s', (_name, state, expected) => {
    expect(noticeOf(state)).toBe(expected);
  });
});
