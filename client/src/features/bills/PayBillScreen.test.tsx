// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BillAgreementDocument,
  BillLinkedAccountsDocument,
  BillToPayDocument,
  PayBillDocument,
  PaymentQuoteDocument,
  PayingBpayCheckDocument,
  OverduePlanDocument,
  type BillForPaymentFieldsFragment,
} from '../../gql/graphql';
import { renderRoutes, wholeDatesIn, wholeText } from '../../test-utils';
import type { MemberContext } from '../member/member-context';
import { ManagerApprovalDialog } from './ManagerApprovalDialog';
import { PayBillScreen } from './PayBillScreen';
import { BILL_MESSAGES } from './bill-messages';

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
  nickname: 'Cleaner',
  categoryName: 'Other',
  paymentType: 'EFT',
  paymentMethod: 1,
  paymentMethodName: 'EFT',
  isReimbursement: false,
  billerAddedDate: '2026-01-05',
  amountAllocated: '120.00',
  moneyFromAllocation: '120.00',
  moneyFromContingency: '0.00',
  expectedDueDate: '2026-11-20',
  expectedDueDateWithNoOffset: '2026-11-20',
  status: 'Overdue',
  bPayNumber: null,
  bPayName: null,
  customerReferenceNumber: null,
  bsbNumber: '062000',
  bsbName: 'Commonwealth Bank',
  eftAccountNumber: '12345678',
  eftAccountName: 'Sparkle Cleaning',
  eftReferenceNumber: 'Cleaner',
  isAutoPayment: false,
  isEarlyPayment: false,
  disableSubmit: false,
  paidAmount: '0.00',
  amountOwing: '0.00',
};

const payInput = {
  billId: 5,
  billOrAllocation: 'bill',
  billAmount: '120.00',
  idempotencyKey: 'key-1',
  overdueOption: null,
  topupOption: null,
  topupAccountNumber: null,
};

/** A quote for an amount the allocation covers. */
const noTopUp = {
  __typename: 'PaymentQuoteView',
  topUpRequired: '0.00',
  rainyDay: false,
  linkedAccount: false,
  shortPay: false,
  canProceed: true,
  allocationWarning: null,
  errors: [],
};

const loads = [
  {
    request: { query: BillAgreementDocument, variables: { memberId: 42, accountId: 7 } },
    result: {
      data: { accountOverview: { __typename: 'AccountOverview', memberId: 42, accountId: 7, agreement: null } },
    },
  },
  {
    request: { query: BillToPayDocument, variables: { billId: 5 } },
    result: { data: { billDetails: { __typename: 'BillDetailsView', availableRainyDayBalance: '15.58', bill } } },
  },
  {
    // One bill due: the overdue option is not offered (the server's plan, issue 26 item 9).
    request: { query: OverduePlanDocument, variables: { billId: 5, billOrAllocation: 'bill' } },
    result: {
      data: {
        overduePlan: {
          __typename: 'OverduePlanView',
          offered: false,
          selectedTotal: '120.00',
          combinedTotal: '120.00',
          combinedBills: [],
          errors: [],
        },
      },
    },
  },
  {
    request: { query: BillLinkedAccountsDocument, variables: { memberId: 42, accountId: 7 } },
    result: { data: { profile: { __typename: 'Profile', linkedAccounts: [] } } },
  },
  {
    // The bill's allocation, quoted once it rests on screen: paying waits for this answer.
    request: {
      query: PaymentQuoteDocument,
      variables: { billId: 5, billAmount: '120.00', billOrAllocation: 'bill', overdueOption: null },
    },
    result: { data: { paymentQuote: noTopUp } },
  },
];

function paid(billId: number) {
  return {
    data: {
      payBill: {
        __typename: 'PaymentResult',
        ok: true,
        billId,
        paidBillIds: [billId],
        transactionId: 77,
        figures: null,
        errors: [],
      },
    },
  };
}

function renderPay(payMocks: unknown[], loaded: unknown[] = loads) {
  return renderRoutes(
    [
      {
        path: '/member/:memberId/account/:accountId',
        element: <Outlet context={context} />,
        children: [
          { path: 'paybill/pay/:billId/:billOrAllocation', element: <PayBillScreen mode="pay" /> },
          { path: 'bill/:billId/confirmation/:billOrAllocation', element: <p>Confirmation page</p> },
        ],
      },
    ],
    '/member/42/account/7/paybill/pay/5/bill',
    [...(loaded as typeof loads), ...(payMocks as typeof loads)],
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('PayBillScreen', () => {
  it('retries a submission that failed on the network with the same idempotency key', async () => {
    const uuid = vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValue('key-1' as ReturnType<Crypto['randomUUID']>);
    renderPay([
      { request: { query: PayBillDocument, variables: { input: payInput } }, error: new Error('offline') },
      { request: { query: PayBillDocument, variables: { input: payInput } }, result: paid(5) },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm pay' }));
    expect(await screen.findByText(/Try again: the pay will not be made twice/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Confirmation page')).toBeTruthy();
    expect(uuid).toHaveBeenCalledTimes(1);
  });

  it('asks for a top-up option when the server needs one, and makes a new key for the next attempt', async () => {
    const uuid = vi
      .spyOn(globalThis.crypto, 'randomUUID')
      .mockReturnValueOnce('key-1' as ReturnType<Crypto['randomUUID']>)
      .mockReturnValueOnce('key-2' as ReturnType<Crypto['randomUUID']>);
    const refused = {
      data: {
        payBill: {
          __typename: 'PaymentResult',
          ok: false,
          billId: null,
          paidBillIds: [],
          transactionId: null,
          figures: null,
          errors: [
            {
              __typename: 'UserError',
              code: 'TOP_UP_REQUIRED',
              field: 'topupOption',
              message: "Can't proceed without paybill",
            },
          ],
        },
      },
    };
    renderPay([
      { request: { query: PayBillDocument, variables: { input: payInput } }, result: refused },
      {
        request: {
          query: PayBillDocument,
          variables: { input: { ...payInput, idempotencyKey: 'key-2', topupOption: 'rainyDay' } },
        },
        result: paid(5),
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm pay' }));
    expect(await screen.findByText("Can't proceed without paybill")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    // Still no option chosen: the local check refuses before any dialog opens.
    expect(screen.queryByRole('button', { name: 'Confirm pay' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'From rainy day' }));
    // Changing the top-up option clears the error (spec 1 §4).
    await waitFor(() => expect(screen.queryByText("Can't proceed without paybill")).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm pay' }));
    expect(await screen.findByText('Confirmation page')).toBeTruthy();
    expect(uuid).toHaveBeenCalledTimes(2);
  });

  it('keeps the bill’s due date on one line in its line (· due …) at phone width', async () => {
    renderPay([]);
    const line = await screen.findByText(wholeText('Other · due 20-11-2026 · set aside $120.00'));
    expect(wholeDatesIn(line)).toEqual(['20-11-2026']);
  });

  it('shows the server’s message when the linked accounts cannot be loaded (spec 1 §8)', async () => {
    const refused = loads.map((mock) =>
      mock.request.query === BillLinkedAccountsDocument
        ? { request: mock.request, result: { errors: [new GraphQLError('Could not retrieve the linked accounts.')] } }
        : mock,
    );
    renderPay([], refused);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not retrieve the linked accounts.');
  });

  it('checks a BPAY bill against the server’s company catalogue and shows its refusal before paying', async () => {
    const bpayBill = {
      ...bill,
      paymentType: 'BPAY',
      paymentMethod: 0,
      bPayNumber: '555555',
      bPayName: 'Stored Only Power',
      customerReferenceNumber: '12345',
      bsbNumber: null,
      bsbName: null,
      eftAccountNumber: null,
      eftAccountName: null,
      eftReferenceNumber: null,
    };
    const withBpay = loads.map((mock) =>
      mock.request.query === BillToPayDocument
        ? {
            ...mock,
            result: {
              data: {
                billDetails: { __typename: 'BillDetailsView', availableRainyDayBalance: '0.00', bill: bpayBill },
              },
            },
          }
        : mock,
    );
    const input = {
      bPayNumber: '555555',
      customerReferenceNumber: '12345',
      loadedReference: '12345',
      amount: '120.00',
    };
    const refusal = {
      data: {
        validateBpay: {
          __typename: 'BpayValidation',
          code: 13,
          valid: false,
          message: 'The amount is higher than this biller allows.',
          field: null,
          limit: null,
        },
      },
    };
    let asked = 0;
    const answer = () => {
      asked += 1;
      return refusal;
    };
    renderPay([{ request: { query: PayingBpayCheckDocument, variables: { input } }, result: answer }], withBpay);
    await waitFor(() => expect(asked).toBe(1), { timeout: 5000 }); // the amount rested, the server was asked
    await act(async () => undefined); // its answer rendered
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText('The amount is higher than this biller allows.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm pay' })).toBeNull();
  });

  it('asks for a quote when the amount rests: shows the top-up needed before paying, hides short pay, checks funds', async () => {
    const savings = {
      __typename: 'LinkedAccount',
      linkedAccountId: 1,
      accountNumber: 'S-1',
      accountNickname: 'Savings',
      availableBalance: '5.00',
    };
    const withSavings = loads.map((mock) =>
      mock.request.query === BillLinkedAccountsDocument
        ? { ...mock, result: { data: { profile: { __typename: 'Profile', linkedAccounts: [savings] } } } }
        : mock,
    );
    const quote = {
      data: {
        paymentQuote: {
          __typename: 'PaymentQuoteView',
          topUpRequired: '10.00',
          rainyDay: true,
          linkedAccount: false,
          shortPay: false,
          canProceed: true,
          allocationWarning: null,
          errors: [],
        },
      },
    };
    const variables = { billId: 5, billAmount: '130.00', billOrAllocation: 'bill', overdueOption: null };
    renderPay([{ request: { query: PaymentQuoteDocument, variables }, result: quote }], withSavings);
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '130' } });
    expect(await screen.findByText('A top-up of $10.00 is needed to pay this amount')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'From rainy day' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: /Short pay/ })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'From a linked savings account' }));
    fireEvent.change(await screen.findByLabelText(/Top up from/), { target: { value: 'S-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByText(BILL_MESSAGES.insufficientFunds)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm pay' })).toBeNull();
  });
});

describe('ManagerApprovalDialog', () => {
  it('keeps the bill’s due date on one line in its sentence at phone width', async () => {
    renderRoutes(
      [
        {
          path: '/',
          element: <ManagerApprovalDialog bill={bill} onClose={() => undefined} onApproved={() => undefined} />,
        },
      ],
      '/',
    );
    const dialog = await screen.findByRole('dialog');
    const sentence = within(dialog).getByText(
      wholeText('The agreement is in Missed Deposit. A manager must approve paying Cleaner ($120.00, due 20-11-2026).'),
    );
    expect(wholeDatesIn(sentence)).toEqual(['20-11-2026']);
  });
});
