import { describe, expect, it, vi } from 'vitest';
import {
  addPosition,
  editPosition,
  itemScreenPosition,
  LIST_POSITION,
  returnToList,
  takeListNotice,
} from './list-notice';

describe('the list’s success message', () => {
  it('is kept for the list, which takes it once', () => {
    const go = vi.fn();
    returnToList(go, 'The biller has been successfully reinstated in this agreement.');
    expect(go).toHaveBeenCalledWith(LIST_POSITION);
    expect(takeListNotice()).toBe('The biller has been successfully reinstated in this agreement.');
    expect(takeListNotice()).toBeNull();
  });

  it('is forgotten by a return without a message', () => {
    returnToList(vi.fn(), 'old');
    returnToList(vi.fn());
    expect(takeListNotice()).toBeNull();
  });
});

describe('where the list’s actions go (spec 2 §2)', () => {
  const item = { id: 7, type: 1, billingCategoryId: 3 };

  it('adds at the category step, mode new', () => {
    expect(addPosition()).toMatchObject({ step: 1, mode: 1, itemId: null });
  });

  it('edits at the details step, mode edit, with the item', () => {
    expect(editPosition(item)).toMatchObject({ step: 3, mode: 2, itemId: 7, itemType: 1, categoryId: 3 });
  });

  it('removes (mode 3) and reinstates (mode 4) on their own screen', () => {
    expect(itemScreenPosition(item, 3)).toMatchObject({ step: 1, mode: 3, itemId: 7, itemType: 1 });
    expect(itemScreenPosition(item, 4)).toMatchObject({ step: 1, mode: 4, itemId: 7, itemType: 1 });
  });
});
