import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';

/** Why figures changed; `LISTENING` is the subscription's first answer (anything may have changed before it). */
export enum FiguresChangeKind {
  LISTENING = 'LISTENING',
  // The bus's reasons (common/figures-changed.ts), by the same names.
  MONEY_MOVED = 'MONEY_MOVED',
  STATUS_CHANGED = 'STATUS_CHANGED',
  BANK_DAY = 'BANK_DAY',
  DEPOSITS_CHANGED = 'DEPOSITS_CHANGED',
  HARDSHIP = 'HARDSHIP',
  WAITING_CHANGE_STAGE = 'WAITING_CHANGE_STAGE',
  AGREEMENT_EDITED = 'AGREEMENT_EDITED',
  DEPOSIT_REVIEWED = 'DEPOSIT_REVIEWED',
}

registerEnumType(FiguresChangeKind, {
  name: 'FiguresChangeKind',
  description: 'Why the figures of an account changed.',
  valuesConfig: {
    LISTENING: {
      description: 'The subscription listens from now on (first answer, and again after a reconnection): refetch.',
    },
    MONEY_MOVED: { description: 'Money moved: a payment, top-up, reimbursement, reversal, deposit or settlement.' },
    STATUS_CHANGED: { description: 'An agreement status changed: modified, approved, applied, locked, in arrears …' },
    BANK_DAY: { description: 'A step of a bank day ran: deposits, payments, the calendar; today may have moved.' },
    DEPOSITS_CHANGED: {
      description: 'The deposits still to come changed: a hardship arrangement’s relief, or a deposit missed.',
    },
    HARDSHIP: { description: 'A request for help with payments was opened, arranged or closed.' },
    WAITING_CHANGE_STAGE: {
      description:
        'Only a change waiting behind the agreement in force moved from queued to applying: no figure moved; the ' +
        'change’s own pages (its agreement page, its review) refetch, nothing else.',
    },
    AGREEMENT_EDITED: {
      description:
        'An agreement open in the wizard changed without a status change: a biller or sub-category saved, removed ' +
        'or reinstated, its deposits saved.',
    },
    DEPOSIT_REVIEWED: {
      description:
        'An open deposit review was worked out again (a new deposit offered, or closed as the deposit fits now): ' +
        'no figure moved; the review’s own screens (its panel, the staff worklist) refetch, nothing else.',
    },
  },
});

@ObjectType('FiguresChanged', {
  description:
    'The figures of some accounts changed (announced after the change committed): the screens showing them refetch.',
})
export class FiguresChangedView {
  @Field(() => [Int], { description: 'The accounts whose figures changed (a member: their own only).' })
  accountIds!: number[];

  @Field({ description: 'Every account’s figures may have changed (a bank day): accountIds is then empty.' })
  everyAccount!: boolean;

  @Field(() => [FiguresChangeKind])
  reasons!: FiguresChangeKind[];
}
