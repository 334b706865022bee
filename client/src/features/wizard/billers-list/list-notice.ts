import { WizardMode } from '../wizard-frame';
import type { Position } from '../wizard-frame';

/**
 * The billers list's success message (spec 2 §4, §8): a removal, a reinstatement, or a saved change that does not
 * need the deposits step (item 8) returns to the list, which shows the message once when it opens. The steps are
 * different components (the frame swaps them), so the message waits here between them.
 */

let pending: string | null = null;

/** Keeps a message for the list to show when it next opens (null forgets one). */
export function setListNotice(message: string | null): void {
  pending = message;
}

/** The message waiting for the list, taken once: a second call answers null. */
export function takeListNotice(): string | null {
  const message = pending;
  pending = null;
  return message;
}

/** The list's position: step 0, no item, no mode (a saved step, so a reload opens the list). */
export const LIST_POSITION: Position = {
  step: 0,
  mode: null,
  categoryId: null,
  companyId: null,
  itemId: null,
  itemType: null,
  threeStepFlow: false,
};

/**
 * Back to the list, with a success message when one is given: what a step calls after a removal, a reinstatement
 * or a save that needs no deposits step (`depositsStepNeeded` false: the server's message).
 */
export function returnToList(go: (position: Position) => void, message?: string | null): void {
  setListNotice(message ?? null);
  go(LIST_POSITION);
}

/** Where each list action goes (spec 2 §2, §4): the step and mode of the wizard, saved on the server. */
export function addPosition(): Position {
  return { step: 1, mode: WizardMode.New, categoryId: null, companyId: null, itemId: null, itemType: 0 };
}

export interface ListItemRef {
  id: number;
  type: number;
  billingCategoryId: number;
}

export function editPosition(item: ListItemRef): Position {
  return {
    step: 3,
    mode: WizardMode.Edit,
    categoryId: item.billingCategoryId,
    companyId: null,
    itemId: item.id,
    itemType: item.type,
  };
}

/** The remove screen (mode 3) and, in a modification, the reinstate step (mode 4): shown at step 1. */
export function itemScreenPosition(item: ListItemRef, mode: WizardMode.Remove | WizardMode.Enable): Position {
  return { step: 1, mode, categoryId: item.billingCategoryId, companyId: null, itemId: item.id, itemType: item.type };
}
