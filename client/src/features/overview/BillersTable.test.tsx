// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  OverviewBillerBillsDocument,
  type BillerBillsFieldsFragment,
  type OverviewBillerFieldsFragment,
} from '../../gql/graphql';
import { renderRoutes } from '../../test-utils';
import { BillersTable } from './BillersTable';

const account = { memberId: 42, accountId: 7 };

function biller(
  billerId: number,
  nickname: string,
  isSubCategory = false,
): OverviewBillerFieldsFragment & { __typename: 'OverviewBiller' } {
  return {
    __typename: 'OverviewBiller',
    billerId,
    isSubCategory,
    nickname,
    categoryName: 'Utilities',
    paymentType: 'BPAY',
    frequency: 3,
    frequencyName: 'per month',
    amount: '120.00',
    onHold: false,
    nextDueDate: '2027-01-10',
    payBillId: null,
  };
}

type Bill = BillerBillsFieldsFragment['bills'][number] & { __typename: 'OverviewBill' };
function bill(billId: number, dueDate: string, amount: string): Bill {
  return {
    __typename: 'OverviewBill',
    billId,
    dueDate,
    amount,
    status: 'Upcoming',
    statusName: 'Upcoming',
    paidAmount: null,
    paidDate: null,
  };
}

const power = biller(11, 'Power');
const water = biller(12, 'Water');

function billsAnswer() {
  return {
    data: {
      accountOverview: {
        __typename: 'AccountOverview',
        ...account,
        autoBillers: [
          {
            __typename: 'OverviewBiller',
            billerId: 11,
            isSubCategory: false,
            bills: [bill(501, '2027-01-10', '120.00')],
          },
        ],
        manualBillers: [
          {
            __typename: 'OverviewBiller',
            billerId: 12,
            isSubCategory: false,
            bills: [bill(601, '2027-01-20', '45.50')],
          },
          // A billing sub-category whose id is a biller's too (two tables, two sequences).
          {
            __typename: 'OverviewBiller',
            billerId: 11,
            isSubCategory: true,
            bills: [bill(701, '2027-02-01', '80.00')],
          },
        ],
      },
    },
  };
}

const billsRequest = { query: OverviewBillerBillsDocument, variables: account };

function renderTable(mocks: Parameters<typeof renderRoutes>[2], billers = [power, water]) {
  return renderRoutes(
    [{ path: '/', element: <BillersTable title="Bills" id="t" billers={billers} billsAccount={account} /> }],
    '/',
    mocks,
  );
}

afterEach(cleanup);

describe('BillersTable on the overview: a biller’s bills are asked for when its row is expanded', () => {
  it('asks nothing until a row opens, then shows that biller’s bills; another row opened asks again', async () => {
    let asked = 0;
    renderTable([
      {
        request: billsRequest,
        result: () => {
          asked += 1;
          return billsAnswer();
        },
        maxUsageCount: Number.POSITIVE_INFINITY,
      },
    ]);
    expect(screen.queryByRole('table', { name: 'Bills of Power' })).toBeNull();
    expect(asked).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: /Power: show its bills/ }));
    const powerBills = await screen.findByRole('table', { name: 'Bills of Power' });
    expect(within(powerBills).getByText('$120.00')).toBeTruthy();
    expect(asked).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: /Water: show its bills/ }));
    const waterBills = await screen.findByRole('table', { name: 'Bills of Water' });
    expect(within(waterBills).getByText('$45.50')).toBeTruthy();
    // An earlier answer may be stale (a change since, while no row was open): the row opened later asked again.
    expect(asked).toBe(2);
    expect(screen.getByRole('table', { name: 'Bills of Power' })).toBeTruthy();
  });

  it('keeps a biller and a sub-category of the same number apart: each row opens alone, with its own bills', async () => {
    renderTable(
      [{ request: billsRequest, result: billsAnswer(), maxUsageCount: Number.POSITIVE_INFINITY }],
      [power, biller(11, 'Groceries', true)],
    );
    fireEvent.click(screen.getByRole('button', { name: /Groceries: show its bills/ }));
    const groceries = await screen.findByRole('table', { name: 'Bills of Groceries' });
    expect(within(groceries).getByText('$80.00')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Bills of Power' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Power: show its bills/ }));
    const powerBills = await screen.findByRole('table', { name: 'Bills of Power' });
    expect(within(powerBills).getByText('$120.00')).toBeTruthy();
    expect(within(powerBills).queryByText('$80.00')).toBeNull();
  });

  it('shows a failed load in the row with Try again, which loads the bills', async () => {
    renderTable([
      { request: billsRequest, error: new Error('Network down') },
      { request: billsRequest, result: billsAnswer() },
    ]);
    fireEvent.click(screen.getByRole('button', { name: /Power: show its bills/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the bills of Power.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Bills of Power' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no bills, not a loading row, when the answer has come without the biller (removed meanwhile)', async () => {
    const answer = billsAnswer();
    answer.data.accountOverview.autoBillers = []; // Power is no longer the account's biller
    renderTable([{ request: billsRequest, result: answer }]);
    fireEvent.click(screen.getByRole('button', { name: /Power: show its bills/ }));
    const row = await screen.findByText('No data available');
    expect(row.closest('tr')?.id).toBe(
      screen.getByRole('button', { name: /Power: hide its bills/ }).getAttribute('aria-controls'),
    );
    expect(screen.queryByLabelText('Loading the bills of Power')).toBeNull();
  });

  it('shows the bills the billers came with (the agreement’s page) without asking', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <BillersTable
              title="Billers"
              id="a"
              billers={[{ ...power, bills: [bill(501, '2027-01-10', '120.00'), bill(502, '2027-02-10', '130.00')] }]}
            />
          ),
        },
      ],
      '/',
    );
    fireEvent.click(screen.getByRole('button', { name: /Power: show its bills/ }));
    const bills = await screen.findByRole('table', { name: 'Bills of Power' });
    expect(within(bills).getAllByRole('row')).toHaveLength(3);
  });
});
