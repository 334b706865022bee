import { describe, expect, it } from 'vitest';
import { BillerStatus, BillingSourceItemType, ModificationState } from '../../shared/biller/biller-codes.js';
import {
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
