import { useOverviewAutoBillersQuery, useOverviewManualBillersQuery } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { BILLS_ERROR } from './overview-rules';
import { BillersTable } from './BillersTable';

interface AccountIds {
  memberId: number;
  accountId: number;
}

/** Bills paid automatically (direct debit and the like), each biller with its bills. */
export function AutoBillersSection(ids: AccountIds) {
  const { data, error } = useOverviewAutoBillersQuery({ variables: ids });
  return (
    <BillersTable
      title="Bills paid automatically"
      id="auto-billers"
      billers={data?.accountOverview.autoBillers}
      error={error ? serverMessage(error, BILLS_ERROR) : null}
    />
  );
}

/** Bills paid manually (BPAY, EFT), each biller with its bills. */
export function ManualBillersSection(ids: AccountIds) {
  const { data, error } = useOverviewManualBillersQuery({ variables: ids });
  return (
    <BillersTable
      title="Bills paid manually"
      id="manual-billers"
      billers={data?.accountOverview.manualBillers}
      error={error ? serverMessage(error, BILLS_ERROR) : null}
    />
  );
}
