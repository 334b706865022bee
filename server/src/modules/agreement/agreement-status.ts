import { registerEnumType } from 'type-graphql';
import { AgreementStatus } from '../../shared/agreement-status.js';

export { AgreementStatus };

/**
 * Statuses of a version that runs: its deposits arrive, its bills follow the calendar and are paid from it, it expires
 * after its end date (the bank day's jobs, the reports and the worklist read it).
 */
export const RUNNING_STATUSES: readonly AgreementStatus[] = [
  AgreementStatus.Active,
  AgreementStatus.MissedDeposit,
  AgreementStatus.Locked,
];

/** A version that runs may be modified (not 1, approved: until it is active). */
export const MODIFIABLE_STATUSES: readonly AgreementStatus[] = RUNNING_STATUSES;

/** Statuses of a newer version still on its way (no second change may start meanwhile). */
export const OPEN_CHANGE_STATUSES: readonly AgreementStatus[] = [
  AgreementStatus.PendingApproval,
  AgreementStatus.Approved,
  AgreementStatus.Queued,
  AgreementStatus.InProgress,
  AgreementStatus.ModificationPendingApproval,
];

registerEnumType(AgreementStatus, { name: 'AgreementStatus', description: 'Agreement (contract) status codes.' });

/** The account status names the portal routes by (spec 1 §2, §4). */
export enum AccountStatus {
  Active = 'Active',
  Pending = 'Pending',
  Modified = 'Modified',
  InArrears = 'InArrears',
  Locked = 'Locked',
  Unknown = 'Unknown',
}

registerEnumType(AccountStatus, {
  name: 'AccountStatus',
  description: 'The status of an account, from its agreement.',
});

export function accountStatusOf(agreementStatus: AgreementStatus | null | undefined): AccountStatus {
  switch (agreementStatus) {
    case AgreementStatus.PendingApproval:
      return AccountStatus.Pending;
    case AgreementStatus.ModificationPendingApproval:
      return AccountStatus.Modified;
    case AgreementStatus.MissedDeposit:
      return AccountStatus.InArrears;
    case AgreementStatus.Locked:
      return AccountStatus.Locked;
    case AgreementStatus.Approved:
    case AgreementStatus.Queued:
    case AgreementStatus.InProgress:
    case AgreementStatus.Active:
      return AccountStatus.Active;
    default:
      return AccountStatus.Unknown;
  }
}
