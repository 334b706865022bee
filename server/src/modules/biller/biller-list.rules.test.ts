import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../../shared/local-date.js';
import { BillerStatus, BillingSourceItemType, ModificationState } from '../../shared/biller/biller-codes.js';
import {
  nextBillDate,
  editRefusal,
  itemActions,
  PENDING_TRANSACTION_MESSAGE,
  reinstateEffect,
  removalEffect,
  sortListItems,
  stateAfterSave,
  type ListItem,
} from './biller-list.rules.js';

function item(id: number, category: string, nickname: string, type = BillingSourceItemType.Biller): ListItem {
  return {
    id,
    type,
    category,
    nickname,
    status: BillerStatus.Active,
    modificationState: ModificationState.None,
    isLocked: false,
  };
}

describe('sortListItems (spec 2 §2: category ascending by default)', () => {
  const items = [
    item(1, 'Water', 'Town water'),
    item(2, 'electricity', 'Power'),
    item(3, 'Gas', 'Gas', 1),
    item(4, 'Gas', 'Bottled gas'),
  ];
  it('sorts by category, case ignored, then nickname', () => {
    expect(sortListItems(items).map((i) => i.id)).toEqual([2, 4, 3, 1]);
  });
  it('sorts descending and by another field', () => {
    expect(sortListItems(items, 'category', 'desc').map((i) => i.id)).toEqual([1, 4, 3, 2]);
    expect(sortListItems(items, 'nickname').map((i) => i.id)).toEqual([4, 3, 2, 1]);
    expect(sortListItems(items, 'type').map((i) => i.id)).toEqual([4, 2, 1, 3]);
  });
});

describe('editRefusal and itemActions (spec 2 §4)', () => {
  it.each<[string, Partial<ListItem>, string | null, { canEdit: boolean; canRemove: boolean; canReinstate: boolean }]>([
    ['active', {}, null, { canEdit: true, canRemove: true, canReinstate: false }],
    [
      'pending transaction',
      { isLocked: true },
      'BILL_LOCKED',
      { canEdit: false, canRemove: false, canReinstate: false },
    ],
    [
      'removed',
      { status: BillerStatus.Removed },
      'ITEM_REMOVED',
      { canEdit: false, canRemove: false, canReinstate: true },
    ],
  ])('%s', (_name, change, code, actions) => {
    const it = { ...item(1, 'Water', 'W'), ...change };
    expect(editRefusal(it)?.code ?? null).toBe(code);
    expect(itemActions(it)).toEqual(actions);
  });
  it('a locked biller says why, in the spec’s words', () => {
    expect(editRefusal({ status: BillerStatus.Active, isLocked: true })?.message).toBe(PENDING_TRANSACTION_MESSAGE);
  });
});

describe('modification states (spec 2 §3, §4)', () => {
  it.each<[ModificationState | null, ModificationState]>([
    [null, ModificationState.New],
    [ModificationState.None, ModificationState.Edit],
    [ModificationState.Edit, ModificationState.Edit],
    [ModificationState.New, ModificationState.New],
    [ModificationState.Enable, ModificationState.Enable],
  ])('saving an item in state %s leaves state %s', (before, after) => {
    expect(stateAfterSave(before)).toBe(after);
  });
  it.each<['setup' | 'modify', ModificationState, boolean]>([
    ['setup', ModificationState.New, true],
    ['setup', ModificationState.None, true],
    ['modify', ModificationState.None, false],
    ['modify', ModificationState.Edit, false],
    ['modify', ModificationState.New, true],
  ])('removing in %s mode an item in state %s deletes the row: %s', (mode, state, deleted) => {
    expect(removalEffect(mode, state)).toEqual({
      deleteRow: deleted,
      status: BillerStatus.Removed,
      isActive: false,
      isValid: true,
      modificationState: ModificationState.Removed,
    });
  });
  it('reinstating makes the item active in state 4', () => {
    expect(reinstateEffect()).toEqual({ status: 1, isActive: true, modificationState: 4 });
  });
});

describe('nextBillDate: the list’s "Next bill" (the first bill due today or later in the period)', () => {
  const period = { start: '2026-01-30' as LocalDate, end: '2028-01-29' as LocalDate };
  const today = '2026-12-01' as LocalDate;
  const quarterly = { billingFrequency: 5, dateOfBill: '2026-05-18' as LocalDate, biMonthly2ndDate: null };
  it.each([
    ['a running agreement’s quarterly bill first due in May', quarterly, '2027-02-18'],
    ['a bill due today', { ...quarterly, dateOfBill: '2026-12-01' as LocalDate }, '2026-12-01'],
    ['a new agreement’s first bill, later', { ...quarterly, dateOfBill: '2027-01-15' as LocalDate }, '2027-01-15'],
    [
      'a monthly bill',
      { billingFrequency: 3, dateOfBill: '2026-05-05' as LocalDate, biMonthly2ndDate: null },
      '2026-12-05',
    ],
    ['a final bill passed', { ...quarterly, expectedFinalBillDate: '2026-11-18' as LocalDate }, null],
    ['a date of bill before the period', { ...quarterly, dateOfBill: '2025-02-18' as LocalDate }, '2027-02-18'],
  ] as const)('%s', (_, item, expected) => {
    expect(nextBillDate(item, period, today)).toBe(expected);
  });
  it('is null once the period has ended', () => {
    expect(nextBillDate(quarterly, period, '2028-02-01' as LocalDate)).toBeNull();
  });
});
