import { WizardMode, type Position } from '../wizard-frame';

/**
 * Where the pickers lead (spec 2 §2): a biller goes from its category to its company (step 2) and then to its form
 * (step 3); a billing sub-category has no company and goes from its category straight to its form. Every move is
 * a saved position (the frame's `go`).
 */

export type NewItemKind = 'biller' | 'subCategory';

/** Item types of the wizard (spec 2 §3). */
export const ITEM_TYPE: Readonly<Record<NewItemKind, 0 | 1>> = { biller: 0, subCategory: 1 };

export function afterCategoryPosition(kind: NewItemKind, categoryId: number): Position {
  return {
    step: kind === 'biller' ? 2 : 3,
    mode: WizardMode.New,
    categoryId,
    companyId: null,
    itemId: null,
    itemType: ITEM_TYPE[kind],
  };
}

/** A company chosen for a new biller (null: the unknown-company option): the biller form, step 3. */
export function afterCompanyPosition(categoryId: number, companyId: number | null): Position {
  return { step: 3, mode: WizardMode.New, categoryId, companyId, itemId: null, itemType: ITEM_TYPE.biller };
}

/** Back from the company list to the category list, the category kept. */
export function backToCategoryPosition(categoryId: number | null): Position {
  return { step: 1, mode: WizardMode.New, categoryId, companyId: null, itemId: null, itemType: ITEM_TYPE.biller };
}
