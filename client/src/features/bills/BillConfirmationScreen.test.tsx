// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { BillAgreementDocument, BillConfirmationDocument, type BillForPaymentFieldsFragment } from '../../gql/graphql';
import { renderRoutes } from '../../test-utils';
import type { MemberContext } from '../member/member-context';
import { BillConfirmationScreen } from './BillConfirmationScreen';

const context = {
  memberId: 42,
  accountId: 7,
  hideMenus: false,
  account: { agreementStatus: 'Active' } as MemberContext['account'],
} satisfies MemberContext;

const bill: BillForPaymentFieldsFragment = {
  __typename: 'BillForPayment',
  billId: 5,
  contractId: 3,
  billerId: 9,
  billingSubCategoryId: null,
  nickname: 'Power',
  categoryName: 'Utilities',
  paymentType: 'BPAY',
  paymentMethod: 0,
  paymentMethodName: 'BPAY',
  isReimbursement: true,
  billerAddedDate: '2026-01-05',
  amountAllocated: '120.00',
  moneyFromAllocation: '120.00',
  moneyFromContingency: '0.00',
  expectedDueDate: '2026-11-20',
  expectedDueDateWithNoOffset: '2026-11-20',
  status: 'Reimbursed',
  bPayNumber: '23796',
  bPayName: 'Harbourside Energy',
  customerReferenceNumber: '*******123',
  bsbNumber: null,
  bsbName: null,
  eftAccountNumber: null,
  eftAccountName: null,
  eftReferenceNumber: null,
  isAutoPayment: false,
  isEarlyPayment: false,
  disableSubmit: false,
  paidAmount: '120.00',
  amountOwing: '0.00',
};

const figures = {
  __typename: 'ConfirmationFiguresView' as const,
  actualAmount: '120.00',
  pouredIntoRainyDay: '0.00',
  totalPaidOut: '120.00',
  overdueBillsCount: 0,
  fromRainyDay: '0.00',
  fromSavings: '0.00',
  amountOwing: '0.00',
  fromAllocation: '120.00',
  fromContingency: '0.00',
  combinedAllocation: '120.00',
};

function renderConfirmation(reimbursement: boolean) {
  return renderRoutes(
    [
      {
        path: '/member/:memberId/account/:accountId',
        element: <Outlet context={context} />,
        children: [
          {
            path: 'bill/:billId/confirmation/:billOrAllocation',
            element: <BillConfirmationScreen reimbursement={reimbursement} />,
          },
        ],
      },
    ],
    '/member/42/account/7/bill/5/confirmation/bill',
    [
      {
        request: { query: BillAgreementDocument, variables: { memberId: 42, accountId: 7 } },
        result: {
          data: { accountOverview: { __typename: 'AccountOverview', memberId: 42, accountId: 7, agreement: null } },
        },
      },
      {
        request: { query: BillConfirmationDocument, variables: { billId: 5 } },
        result: {
          data: {
            billConfirmation: {
              __typename: 'BillConfirmationView',
              billOrAllocation: 'bill',
              reimbursementAccount: reimbursement ? '88001234' : null,
              paidAt: '2026-11-23T10:00:00+11:00',
              bill: { ...bill, isReimbursement: reimbursement },
              figures,
            },
          },
        },
      },
    ],
  );
}

afterEach(cleanup);

describe('BillConfirmationScreen', () => {
  it('says a reimbursement was paid to the member’s own account, not to the biller (issue 25, seen 6)', async () => {
    renderConfirmation(true);
    const paidTo = await screen.findByRole('region', { name: 'Paid to' });
    expect(within(paidTo).getByTestId('paid-to').textContent).toContain('88001234');
    expect(within(paidTo).queryByText('Harbourside Energy')).toBeNull();
    // The biller's details say which bill it was.
    const bill = screen.getByRole('region', { name: 'The bill you paid' });
    expect(within(bill).getByText('Harbourside Energy')).toBeTruthy();
  });

  it('says a payment was paid to the biller', async () => {
    renderConfirmation(false);
    const paidTo = await screen.findByRole('region', { name: 'Paid to' });
    expect(within(paidTo).getByText('Harbourside Energy')).toBeTruthy();
  });
});
