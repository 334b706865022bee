import type { AgreementStatusName } from '@shared/agreement-status.js';
import { useOverviewAutoBillersQuery, useOverviewManualBillersQuery } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import type { OverviewBillerFieldsFragment } from '../../gql/graphql';
import { billOrAllocationOf } from '../bills/bill-rules';
import { BILLS_ERROR, nextUnpaidBill, overviewPayPath } from './overview-rules';
import { BillersTable } from './BillersTable';

interface AccountIds {
  memberId: number;
  accountId: number;
  /** The agreement's status: decides whether a biller's next bill can be paid from here. */
  agreementStatus: AgreementStatusName | null | undefined;
}

function billerPayPath({ memberId, accountId, agreementStatus }: AccountIds) {
  return (biller: OverviewBillerFieldsFragment) => {
    const next = nextUnpaidBill(biller.bills);
    if (!next) return null;
    const base = `/member/${memberId}/account/${accountId}`;
    return overviewPayPath(base, agreementStatus, {
      billId: next.billId,
      variant: billOrAllocationOf(biller.paymentType),
      onHold: biller.onHold,
    });
  };
}

/** Bills paid automatically (direct debit and the like), each biller with its bills. */
export function AutoBillersSection(ids: AccountIds) {
  const { data, error } = useOverviewAutoBillersQuery({
    variables: { memberId: ids.memberId, accountId: ids.accountId },
  });
  return (
    <BillersTable
      title="Bills paid automatically"
      id="auto-billers"
      billers={data?.accountOverview.autoBillers}
      error={error ? serverMessage(error, BILLS_ERROR) : null}
      payPath={billerPayPath(ids)}
      foldable
    />
  );
}

/** Bills paid manually (BPAY, EFT), each biller with its bills. */
export function ManualBillersSection(ids: AccountIds) {
  const { data, error } = useOverviewManualBillersQuery({
    variables: { memberId: ids.memberId, accountId: ids.accountId },
  });
  return (
    <BillersTable
      title="Bills paid manually"
      id="manual-billers"
      billers={data?.accountOverview.manualBillers}
      error={error ? serverMessage(error, BILLS_ERROR) : null}
      payPath={billerPayPath(ids)}
      foldable
    />
  );
}
