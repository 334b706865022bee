import { describe, expect, it } from 'vitest';
import { afterCategoryPosition, afterCompanyPosition, backToCategoryPosition } from './picker-positions';

describe('where the pickers lead (spec 2 §2)', () => {
  it('takes a biller from its category to the company list', () => {
    expect(afterCategoryPosition('biller', 4)).toEqual({
      step: 2,
      mode: 1,
      categoryId: 4,
      companyId: null,
      itemId: null,
      itemType: 0,
    });
  });

  it('takes a sub-category from its category straight to its form (no company)', () => {
    expect(afterCategoryPosition('subCategory', 4)).toEqual({
      step: 3,
      mode: 1,
      categoryId: 4,
      companyId: null,
      itemId: null,
      itemType: 1,
    });
  });

  it.each([
    [17, 17],
    [null, null],
  ])('takes company %s (null: the unknown company) to the biller form', (companyId, expected) => {
    expect(afterCompanyPosition(4, companyId)).toMatchObject({ step: 3, mode: 1, categoryId: 4, companyId: expected });
  });

  it('goes back to the categories keeping the category', () => {
    expect(backToCategoryPosition(4)).toMatchObject({ step: 1, categoryId: 4, companyId: null });
  });
});
