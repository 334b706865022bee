import type { AgreementStatusName } from '@shared/agreement-status.js';
import type { OverviewBillerFieldsFragment } from '../../gql/graphql';
import { billOrAllocationOf } from '../bills/bill-rules';
import { overviewPayPath } from './overview-rules';
import { BillersTable } from './BillersTable';

interface AccountIds {
  memberId: number;
  accountId: number;
  /** The agreement's status: decides whether a biller's next bill can be paid from here. */
  agreementStatus: AgreementStatusName | null | undefined;
}

function billerPayPath({ memberId, accountId, agreementStatus }: AccountIds) {
  return (biller: OverviewBillerFieldsFragment) => {
    if (biller.payBillId === null || biller.payBillId === undefined) return null;
    const base = `/member/${memberId}/account/${accountId}`;
    return overviewPayPath(base, agreementStatus, {
      billId: biller.payBillId,
      variant: billOrAllocationOf(biller.paymentType),
      onHold: biller.onHold,
    });
  };
}

interface BillersProps extends AccountIds {
  /** From the overview's query (its `autoBillers` or `manualBillers`). */
  billers: OverviewBillerFieldsFragment[];
}

/** Bills paid automatically (direct debit and the like), each biller with its bills. */
export function AutoBillersSection({ billers, ...ids }: BillersProps) {
  return (
    <BillersTable
      title="Bills paid automatically"
      id="auto-billers"
      billers={billers}
      payPath={billerPayPath(ids)}
      billsAccount={{ memberId: ids.memberId, accountId: ids.accountId }}
      foldable
    />
  );
}

/** Bills paid manually (BPAY, EFT), each biller with its bills. */
export function ManualBillersSection({ billers, ...ids }: BillersProps) {
  return (
    <BillersTable
      title="Bills paid manually"
      id="manual-billers"
      billers={billers}
      payPath={billerPayPath(ids)}
      billsAccount={{ memberId: ids.memberId, accountId: ids.accountId }}
      foldable
    />
  );
}
