// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  activityIntro,
  detailsText,
  fieldLabel,
  modificationRows,
  pendingWording,
  statusPalette,
} from './activity-details';

describe('pendingWording', () => {
  it("says 'pending confirmation' where a pending payment would say 'Paid', as a sentence", () => {
    expect(pendingWording('Paid Origin Energy $120.00', true)).toBe(
      'Origin Energy $120.00: payment pending confirmation',
    );
    expect(pendingWording('Paid Car registration bill of $781.20.', true)).toBe(
      'Car registration bill of $781.20: payment pending confirmation',
    );
  });

  it('leaves a confirmed payment as it is', () => {
    expect(pendingWording('Paid Origin Energy $120.00', false)).toBe('Paid Origin Energy $120.00');
  });
});

describe('detailsText', () => {
  it('shows the text of HTML details, never the markup', () => {
    expect(detailsText('<p>Bill <b>paid</b></p><p>Thanks</p>')).toBe('Bill paid\nThanks');
    expect(detailsText('<img src=x onerror="alert(1)">Hello &amp; bye')).toBe('Hello & bye');
  });

  it('keeps plain text', () => {
    expect(detailsText('  Deposit received ')).toBe('Deposit received');
    expect(detailsText(null)).toBe('');
  });
});

describe('fieldLabel', () => {
  it.each([
    ['depositAmount', 'Deposit amount'],
    ['deposit_frequency', 'Deposit frequency'],
    ['endDate', 'End date'],
  ])('names %s as %s', (field, label) => {
    expect(fieldLabel(field)).toBe(label);
  });
});

describe('modificationRows', () => {
  it("uses the server's changes when it sent them", () => {
    expect(modificationRows([{ field: 'depositAmount', before: '100.00', after: '120.00' }], '{}')).toEqual([
      { field: 'depositAmount', label: 'Deposit amount', before: '100.00', after: '120.00' },
    ]);
  });

  it('reads a stored list of changes', () => {
    const json = JSON.stringify([{ field: 'endDate', before: '2026-01-01', after: '2027-01-01' }]);
    expect(modificationRows(null, json)).toEqual([
      { field: 'endDate', label: 'End date', before: '2026-01-01', after: '2027-01-01' },
    ]);
  });

  it('compares stored before and after objects key by key, listing only what changed', () => {
    const json = JSON.stringify({
      before: { depositAmount: 100, frequency: 'Monthly', nickname: 'Power' },
      after: { depositAmount: 110, frequency: 'Monthly', endDate: '2027-06-30' },
    });
    expect(modificationRows(null, json)).toEqual([
      { field: 'depositAmount', label: 'Deposit amount', before: '100', after: '110' },
      { field: 'nickname', label: 'Nickname', before: 'Power', after: null },
      { field: 'endDate', label: 'End date', before: null, after: '2027-06-30' },
    ]);
  });

  it('gives null for text that is not modification JSON', () => {
    expect(modificationRows(null, 'Agreement modified')).toBeNull();
    expect(modificationRows([], '{"x":1}')).toBeNull();
  });
});

describe('statusPalette', () => {
  it('colours transaction statuses', () => {
    expect(statusPalette('pending')).toBe('orange');
    expect(statusPalette('success')).toBe('green');
    expect(statusPalette('failed')).toBe('red');
    expect(statusPalette(null)).toBe('gray');
  });
});

describe('activityIntro (members read about themselves, never staff-voiced text)', () => {
  it.each([
    ['NOTIFICATION', true, 'A notification was sent to the member.'],
    ['NOTIFICATION', false, 'We sent you this message.'],
    ['REIMBURSE_BILL', true, 'A bill was reimbursed to the member.'],
    ['REIMBURSE_BILL', false, 'A bill was reimbursed to you.'],
    ['PAY_BILL', false, 'A bill was paid from your agreement.'],
    ['TEXT', false, null],
  ] as const)('%s for %s', (kind, isStaff, expected) => {
    expect(activityIntro(kind, isStaff)).toBe(expected);
  });

  it('never says "the member" to a member', () => {
    for (const kind of [
      'AGREEMENT_CANCEL',
      'AGREEMENT_UNLOCK',
      'DIRECT_DEBIT_FAILURE',
      'NOTIFICATION',
      'PAY_BILL',
      'REIMBURSE_BILL',
      'MODIFICATION_JSON',
    ]) {
      expect(activityIntro(kind, false)).not.toMatch(/the member/i);
    }
  });
});
