import { registerEnumType } from 'type-graphql';
import { BillerStatus, ModificationState } from '../../shared/biller/biller-codes.js';

export { BillerStatus, ModificationState };

registerEnumType(BillerStatus, {
  name: 'BillerStatus',
  description: 'A biller’s or sub-category’s status (spec 2 §3): Removed until reinstated; OnHold blocks paying it.',
});

registerEnumType(ModificationState, {
  name: 'ModificationState',
  description: 'How a modification treats a biller or sub-category (spec 2 §3, 3 §4): New, Edit, Removed, Enable.',
});
