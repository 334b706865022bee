// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import type { ApolloClient } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import type { MockLink } from '@apollo/client/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../auth/session';
import { tokenFixture } from '../../auth/test-support';
import {
  AgreementSavedForLaterDocument,
  BankDayRunDocument,
  OverviewPageDocument,
  ShortfallFixesDocument,
  TermEndChoiceDocument,
  type BankDayRunFieldsFragment,
  type ChangeWaitingFieldsFragment,
  type MemberAccountQuery,
  type OverviewPageQuery,
} from '../../gql/graphql';
import { institutionToday } from '../../shared/institution-day';
import { renderRoutes, wholeDatesIn, wholeText } from '../../test-utils';
import type { MemberContext } from '../member/member-context';
import { figuresRefresherOf } from '../../app/live-figures';
import { OverviewScreen } from './OverviewScreen';
import { ARRANGED_HARDSHIP_CASE } from '../hardship/test-support';

const ids = { memberId: 42, accountId: 7 };

const account: MemberAccountQuery['memberAccount'] = {
  __typename: 'MemberAccount',
  ...ids,
  accountNumber: '20000007',
  isActive: true,
  status: 'InArrears',
  agreementId: 907,
  agreementStatus: 'MissedDeposit',
  member: {
    __typename: 'Member',
    memberId: 42,
    memberNumber: '100234',
    firstName: 'Alex',
    lastName: 'Member',
    isActive: true,
    isResigned: false,
  },
  link: { __typename: 'MemberAccountLinkView', ...ids, isActive: true },
};

function overview(withNotes: boolean): OverviewPageQuery['accountOverview'] {
  return {
    __typename: 'AccountOverview',
    ...ids,
    agreement: {
      __typename: 'AgreementSummary',
      contractId: 907,
      status: 'MissedDeposit',
      statusName: 'Missed Deposit',
      statusTone: 'warning',
      billersOnHold: [
        {
          __typename: 'BillerOnHold',
          billerId: 5,
          billerName: 'Water',
          date: '2026-09-26',
          message: 'Water bill paid on the 26-09-2026 has failed and has been placed on hold awaiting resolution',
        },
      ],
      contributionFrequency: 2,
      contributionFrequencyName: 'Fortnightly',
      depositAmount: '1380.00',
      nextDepositAmount: '1380.00',
      nextDepositDate: '2026-12-01',
      depositWords: null,
      overdrawRuleDuration: 56,
      overrideOverdrawRule: false,
      overrideOverdrawRuleDuration: null,
      startDate: '2026-01-21',
      endDate: '2028-01-20',
      balances: {
        __typename: 'AgreementBalances',
        allocation: '515.55',
        contingency: '-45.25',
        rainyDay: '15.58',
        total: '485.88',
      },
      // Staff's fixture is due for renewal: its term-end panel loads (issue 24 item 5).
      termEndDue: withNotes,
    },
    projection: {
      __typename: 'AgreementProjection',
      agreementId: 907,
      asOf: '2026-11-23',
      nextDeposit: { __typename: 'NextDeposit', date: '2026-12-01', amount: '1380.00' },
      noNextDeposit: null,
      arrears: {
        __typename: 'Arrears',
        amount: '1380.00',
        since: '2026-11-17',
        missedDeposits: 1,
        clearingDeposit: { __typename: 'NextDeposit', date: '2026-12-01', amount: '2760.00' },
        payIntoAccount: '20000002',
      },
      billsDue: [
        {
          __typename: 'DueBill',
          billId: 1,
          billerName: 'Orthodontist',
          dueDate: '2026-10-22',
          amount: '150.00',
          status: 'Overdue',
          overdue: true,
          onHold: false,
          isAutoPayment: false,
          isSubCategory: false,
          isReimbursement: false,
        },
        {
          __typename: 'DueBill',
          billId: 2,
          billerName: 'Rent',
          dueDate: '2026-11-24',
          amount: '820.00',
          status: 'Upcoming',
          overdue: false,
          onHold: false,
          isAutoPayment: true,
          isSubCategory: false,
          isReimbursement: false,
        },
      ],
      verdict: {
        __typename: 'ForecastVerdict',
        tone: 'short',
        headline: 'Goes short by $50.00 on 03-12-2026',
        details: ['To avoid it, top up $50.00 today.'],
        onTrack: false,
        until: '2027-06-30',
        firstShortDate: '2026-12-03',
        firstShortfall: '50.00',
        lowestPoint: { __typename: 'BalancePoint', date: '2026-12-03', balance: '-50.00' },
        topUpToAvoid: '50.00',
        depositToAvoid: null,
        beyondApprovedOverdraw: false,
        shortBill: null,
      },
      billsPayable: true,
    },
    allocationByCategory: [],
    upcomingBills: [
      {
        __typename: 'UpcomingBill',
        billId: 1,
        billerName: 'Orthodontist',
        dueDate: '2026-10-22',
        amount: '150.00',
        status: 'Overdue',
        isReimbursement: false,
        onHold: false,
      },
    ],
    activityTotals: {
      __typename: 'ActivityFilterTotals',
      payment: 3,
      agreementChange: 2,
      notification: 1,
      note: withNotes ? 4 : null,
    },
    autoBillers: [],
    manualBillers: [],
    ...(withNotes
      ? {
          notes: [
            {
              __typename: 'Note' as const,
              noteId: 1,
              text: 'Called the member about the renewal.',
              dateCreated: '2026-11-01T03:00:00Z',
              createdBy: 'Alex Agent',
              entityId: 907,
              entityType: 'Contract',
            },
          ],
        }
      : {}),
  };
}

const onTrack = {
  __typename: 'ForecastVerdict',
  tone: 'onTrack',
  headline: 'On track',
  details: ['The balance is forecast to stay at or above zero until the agreement ends on 30-06-2027.'],
  onTrack: true,
  until: '2027-06-30',
  firstShortDate: null,
  firstShortfall: null,
  lowestPoint: null,
  topUpToAvoid: null,
  depositToAvoid: null,
  beyondApprovedOverdraw: false,
  shortBill: null,
} as const;

/**
 * The shortfall panel's answer (server: agreement/shortfall/): the fixes and the forecast each would make, in the
 * server's words. The agreement is in missed deposit: the money rule takes no rainy-day top-up there, so the top-up
 * shows its reason instead of a button; the raise is a change the member asks for, or staff send to the member.
 */
function shortfallFixes(staff: boolean) {
  const fix = (kind: string, amount: string, words: string, canApply: boolean, howApplied: string) => ({
    __typename: 'ShortfallFix',
    kind,
    amount,
    deposits: kind === 'TopUp' ? null : 1,
    from: kind === 'TopUp' ? null : '2026-12-01',
    shares: kind === 'Spread' ? [amount] : [],
    words,
    canApply,
    howApplied,
    preview: onTrack,
  });
  return {
    __typename: 'ShortfallFixes',
    ...ids,
    agreementId: 907,
    firstShortDate: '2026-12-03',
    shortfall: '50.00',
    shortBill: null,
    fixes: [
      fix(
        'TopUp',
        '50.00',
        'Top up $50.00 now from a linked account.',
        false,
        'The rainy day can only be topped up while the agreement is approved or active.',
      ),
      fix(
        'Raise',
        '1430.00',
        'Raise each deposit from $1,380.00 to $1,430.00, from the next one on 01-12-2026.',
        true,
        staff
          ? 'This changes the deposits: it is sent to the member for approval (a manager approves it first when the agreement needs one).'
          : 'Confirming asks for the new deposit and approves it: it applies from the next deposit (when the agreement needs a manager’s approval, it is sent to a manager first and comes back to you).',
      ),
    ],
  };
}

const tonightsRun: BankDayRunFieldsFragment = {
  __typename: 'BankDayRun',
  accountId: ids.accountId,
  agreementId: 907,
  next: {
    __typename: 'NextBankDay',
    date: '2026-11-24',
    balanceBefore: '485.88',
    balanceAfter: '1045.88',
    lines: [
      {
        __typename: 'BankDayLine',
        kind: 'DEPOSIT',
        depositId: 31,
        billId: null,
        // A missed deposit asked for again: the server's label says which.
        label: 'Missed deposit due on 17-11-2026',
        dueDate: '2026-11-24',
        amount: '1380.00',
        balanceAfter: '1865.88',
        late: true,
        short: false,
      },
      {
        __typename: 'BankDayLine',
        kind: 'BILL',
        depositId: null,
        billId: 2,
        label: 'Rent',
        dueDate: '2026-11-24',
        amount: '820.00',
        balanceAfter: '1045.88',
        late: false,
        short: false,
      },
    ],
  },
  last: {
    __typename: 'LastBankDay',
    date: '2026-11-23',
    lines: [
      {
        __typename: 'BankDayResultLine',
        kind: 'BILL',
        depositId: null,
        billId: 5,
        label: 'Water',
        amount: '120.00',
        outcome: 'FAILED',
        reason: 'Water bill paid on the 23-11-2026 has failed and has been placed on hold awaiting resolution',
      },
    ],
  },
};

function mocks(staff: boolean) {
  const filters = staff
    ? ['Payment', 'AgreementChange', 'Notification', 'Note']
    : ['Payment', 'AgreementChange', 'Notification'];
  return [
    {
      // The page's one query (issue 23 item 1): every part of the overview, the shell's settings and day, the account.
      // The hardship entry (a lazy chunk) finds its case in the cache: no mock answers its own query.
      request: {
        query: OverviewPageDocument,
        variables: { ...ids, staff, filters, page: 1, pageSize: 20 },
      },
      result: {
        data: {
          clientSettings: {
            __typename: 'ClientSettings',
            appVersion: '1.0.0.0.0',
            institutionName: 'Harbourside Mutual Bank',
            productName: 'BillSmoothing',
            productSlogan: 'Your bills, evened out.',
            helpUrl: '/help',
            supportUrl: '/help#support',
            supportEmail: 'billsmoothing.support@example.com',
            missedDepositBannerMember: 'You have missed a deposit.',
            missedDepositBannerStaff: 'The member has missed a deposit.',
            lockedAgreementBannerMember: 'Your agreement is locked.',
            lockedAgreementBannerStaff: 'The agreement is locked.',
          },
          institutionDay: { __typename: 'InstitutionDay', today: institutionToday(), timeZone: 'Australia/Sydney' },
          memberAccount: account,
          accountOverview: overview(staff),
          agreementChangeWaiting: null,
          hardshipCase: null,
          activities: {
            __typename: 'ActivityPage',
            items: [],
            page: 1,
            pageSize: 20,
            totalCount: 0,
            totals: {
              __typename: 'ActivityFilterTotals',
              payment: 0,
              agreementChange: 0,
              notification: 0,
              note: staff ? 0 : null,
            },
          },
        },
      },
    },
    {
      // Tonight's run asks after the page (its own query: the slowest part to work out).
      request: { query: BankDayRunDocument, variables: ids },
      result: { data: { bankDayRun: tonightsRun } },
    },
    {
      request: { query: AgreementSavedForLaterDocument, variables: { accountId: ids.accountId } },
      result: {
        data: { agreementSavedForLater: { __typename: 'AgreementSavedForLaterResult', saved: null } },
      },
    },
    {
      request: { query: TermEndChoiceDocument, variables: ids },
      result: {
        data: {
          termEndChoice: {
            __typename: 'TermEndView',
            accountId: 7,
            agreementId: 907,
            endDate: '2028-01-20',
            closingBalance: '-120.00',
            renewalUnderWay: true,
            choice: 'Roll',
            accountNumber: null,
            chosenAt: null,
            message: 'Nothing chosen yet: the balance is rolled into the renewal.',
            renewalDeposits: null,
            options: [
              {
                __typename: 'TermEndOptionView',
                kind: 'Roll',
                words: 'Roll the balance into the renewal',
                explanation: 'The shortfall is carried into the renewal and spread over its deposits.',
                accountNumber: null,
              },
            ],
            refundAccounts: [],
          },
        },
      },
    },
    {
      request: { query: ShortfallFixesDocument, variables: ids },
      result: { data: { shortfallFixes: shortfallFixes(staff) } },
    },
  ];
}

type Mock = MockLink.MockedResponse;

/**
 * The page's query answered with one part failed (nulled by the server with its error, the rest answered), then, when
 * asked again, answered whole.
 */
function oneFailedPart(staff: boolean, path: string[], message: string): Mock[] {
  const [whole, ...others] = mocks(staff);
  const data = structuredClone(whole.result.data) as Record<string, unknown>;
  if (path.length === 1) data[path[0]] = null;
  else (data[path[0]] as Record<string, unknown>)[path[1]] = null;
  const failed = {
    ...whole,
    result: { data, errors: [{ message, path, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
  };
  return [failed as Mock, whole, ...others];
}

/** The Apollo client the screen uses (so that a test can announce a change of figures to it). */
const used: { client?: ApolloClient } = {};

function ClientOf() {
  used.client = useApolloClient();
  return null;
}

function renderOverview(staff: boolean, given: Mock[] = mocks(staff)) {
  sessionStore.save(tokenFixture(staff ? { roles: ['AGENT'], memberId: undefined } : {}));
  const context: MemberContext = { ...ids, account, hideMenus: false };
  return renderRoutes(
    [
      {
        path: '/member/:memberId/account/:accountId',
        element: <Outlet context={context} />,
        children: [
          {
            path: 'overview',
            element: (
              <>
                <ClientOf />
                <OverviewScreen />
              </>
            ),
          },
        ],
      },
    ],
    '/member/42/account/7/overview',
    given,
  );
}

const hardshipCase = ARRANGED_HARDSHIP_CASE;

const changeWaiting: ChangeWaitingFieldsFragment = {
  __typename: 'AgreementChangeWaiting',
  agreementId: 908,
  previousAgreementId: 907,
  waitingForMember: true,
  isRenewal: false,
  message: 'We have sent you a change to your agreement.',
};

/**
 * The page answered with a part present, then, asked again by a live refresh (a change of figures announced), with
 * that part failed (nulled by the server with its error); tonight's run and the fixes are asked again with it.
 */
function partFailsOnRefresh(field: 'hardshipCase' | 'agreementChangeWaiting', value: unknown, message: string): Mock[] {
  const [whole, tonight, saved, termEnd, fixes] = mocks(false);
  const data = { ...(whole.result.data as Record<string, unknown>), [field]: value };
  const failed = { ...data, [field]: null };
  return [
    { ...whole, result: { data } } as Mock,
    { ...whole, result: { data: failed, errors: [{ message, path: [field] }] } } as Mock,
    { ...tonight, maxUsageCount: 2 },
    saved,
    termEnd,
    { ...fixes, maxUsageCount: 2 },
  ];
}

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

/**
 * The page as it is for a new agreement staff are still preparing (status 0, its figures a draft), or, `sent`, one
 * staff sent the member to approve (its change-waiting notice).
 */
function draftMocks(staff: boolean, sent = false): Mock[] {
  const [whole, ...others] = mocks(staff);
  const data = structuredClone(whole.result.data) as {
    memberAccount: typeof account;
    accountOverview: ReturnType<typeof overview>;
    agreementChangeWaiting: unknown;
  };
  if (sent) {
    data.agreementChangeWaiting = {
      __typename: 'AgreementChangeWaiting',
      agreementId: data.accountOverview.agreement!.contractId,
      previousAgreementId: null,
      waitingForMember: true,
      isRenewal: false,
      message: 'Your new agreement waits for your approval.',
    };
  }
  data.memberAccount = { ...data.memberAccount, status: 'Pending', agreementStatus: 'PendingApproval' };
  data.accountOverview.agreement = {
    ...data.accountOverview.agreement!,
    status: 'PendingApproval',
    statusName: 'Pending approval',
    statusTone: 'neutral',
  };
  return [{ ...whole, result: { data } } as Mock, ...others];
}

describe('OverviewScreen', () => {
  it('tells a member staff are preparing a new agreement (0): no forecast, shortfall fixes or hardship entry', async () => {
    renderOverview(false, draftMocks(false));
    expect(await screen.findByText('Your agreement is being prepared')).toBeTruthy();
    expect(screen.getByText(/^Staff are preparing your new agreement\./)).toBeTruthy();
    expect(await screen.findByText('Pending approval')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'What’s next' })).toBeNull();
    expect(screen.queryByTestId('forecast-verdict-headline')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Fix the shortfall' })).toBeNull();
    expect(screen.queryByTestId('hardship-entry')).toBeNull();
  });

  it('once staff sent the new agreement to the member, asks them to review it and shows its figures', async () => {
    renderOverview(false, draftMocks(false, true));
    expect(await screen.findByText(/Your new agreement waits for your approval\./)).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'What’s next' })).toBeTruthy();
    expect(screen.queryByText('Your agreement is being prepared')).toBeNull();
  });

  it('still shows staff the draft’s forecast and its shortfall fixes', async () => {
    renderOverview(true, draftMocks(true));
    const home = await screen.findByRole('region', { name: 'What’s next' });
    expect((await within(home).findByTestId('forecast-verdict-headline')).textContent).toBe(
      'Goes short by $50.00 on 03-12-2026',
    );
    expect(await within(home).findByRole('region', { name: 'Fix the shortfall' })).toBeTruthy();
    expect(screen.queryByText('Your agreement is being prepared')).toBeNull();
  });

  it('shows a member the summary, the member wording of the banner, the billers on hold, padded bills; never notes', async () => {
    renderOverview(false);
    expect(await screen.findByText('Missed Deposit')).toBeTruthy();
    expect(screen.getByText('You have missed a deposit.')).toBeTruthy();
    // The banner says how much, since when, the deposit that clears it, the account, and offers the catch-up.
    const arrears = await screen.findByTestId('arrears-facts');
    expect(arrears.textContent).toContain('You owe $1,380.00: 1 missed deposit since 17-11-2026.');
    expect(arrears.textContent).toContain(
      'A deposit of $2,760.00 on 01-12-2026 (your next deposit and all that is owed) clears it.',
    );
    expect(arrears.textContent).toContain('Pay into account 20000002');
    expect(within(arrears).getByRole('button', { name: 'Catch up now' })).toBeTruthy();
    // The way through hardship (issue 24 item 4), loaded after the page, beside the arrears.
    const help = await screen.findByRole('link', { name: 'I’m having trouble paying' });
    expect(help.getAttribute('href')).toBe('/member/42/account/7/member/hardship');
    // The biller on hold: the server's sentence, its date kept on one line (a span of its own).
    const onHold = screen.getByText(
      wholeText('Water bill paid on the 26-09-2026 has failed and has been placed on hold awaiting resolution'),
    );
    expect(wholeDatesIn(onHold)).toEqual(['26-09-2026']);
    // It opens with what's next: the next deposit, the next bills, the forecast's verdict and the actions.
    const home = screen.getByRole('region', { name: 'What’s next' });
    expect(within(home).getByTestId('home-next-deposit').textContent).toBe('$1,380.00 on 01-12-2026');
    expect(within(home).getByTestId('home-next-bills').textContent).toContain('Orthodontist due 22-10-2026');
    // Every payment kind: an automatic bill is listed too (issue 25, seen 3).
    expect(within(home).getByTestId('home-next-bills').textContent).toContain('Rent due 24-11-2026');
    expect(within(home).getByTestId('home-arrears').textContent).toBe('$1,380.00 of deposits missed since 17-11-2026');
    expect((await within(home).findByTestId('forecast-verdict-headline')).textContent).toBe(
      'Goes short by $50.00 on 03-12-2026',
    );
    expect(within(home).getByText('To avoid it, top up $50.00 today.')).toBeTruthy();
    // The shortfall's fixes, the server's words; choosing one shows the forecast it would make before confirming.
    const fixes = await within(home).findByRole('region', { name: 'Fix the shortfall' });
    expect(within(fixes).getByTestId('shortfall-facts').textContent).toBe('Short by $50.00 on 03-12-2026.');
    const raise = within(fixes).getByRole('radio', { name: /Raise each deposit from \$1,380\.00 to \$1,430\.00/ });
    expect(within(fixes).getByText(/^Confirming asks for the new deposit and approves it/)).toBeTruthy();
    raise.click();
    const preview = await within(fixes).findByTestId('shortfall-preview');
    expect(within(preview).getByTestId('forecast-verdict-headline').textContent).toBe('On track');
    // The member asks for the raise herself.
    expect(await within(preview).findByRole('button', { name: 'Confirm this fix' })).toBeTruthy();
    // The top-up is not taken in missed deposit: the panel says why and offers no button.
    expect(
      within(fixes).getByText('The rainy day can only be topped up while the agreement is approved or active.'),
    ).toBeTruthy();
    within(fixes)
      .getByRole('radio', { name: /Top up \$50\.00 now/ })
      .click();
    await waitFor(() => expect(within(fixes).queryByRole('button', { name: 'Confirm this fix' })).toBeNull());
    expect(within(home).getByRole('link', { name: 'Pay a bill' }).getAttribute('href')).toBe(
      '/member/42/account/7/paybill',
    );
    expect(within(home).getByRole('button', { name: 'Contact us' })).toBeTruthy();
    const upcoming = screen.getByRole('region', { name: 'Upcoming bills' });
    expect(within(upcoming).getAllByRole('row', { hidden: true })).toHaveLength(7); // header + 6
    // Only the bills paid by hand, and it says so (What's next lists every payment kind).
    expect(within(upcoming).getByText(/^Bills paid by hand\./)).toBeTruthy();
    expect(within(upcoming).getByRole('table').querySelector('caption')?.textContent).toBe(
      'The next bills paid by hand, up to 6.',
    );
    expect(screen.queryByRole('region', { name: 'Agreement notes' })).toBeNull();
    // Not due for renewal: no term-end choice.
    expect(screen.queryByRole('region', { name: 'Your balance at term end' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Notes/ })).toBeNull();
    expect(await screen.findAllByText('No data available')).not.toHaveLength(0);
  });

  it('shows tonight’s run in order, each line with the balance after it, and what last night’s run did', async () => {
    renderOverview(false);
    const tonight = await screen.findByRole('region', { name: 'Tonight’s run' });
    const list = await within(tonight).findByRole('list', { name: 'Tonight’s run, in order' });
    const lines = within(list)
      .getAllByTestId('tonight-line')
      .map((line) => line.textContent);
    expect(lines).toEqual([
      expect.stringMatching(/^1\. Missed deposit due on 17-11-2026.*In \$1,380\.00Balance after \$1,865\.88$/),
      expect.stringMatching(/^2\. Rent.*Out \$820\.00Balance after \$1,045\.88$/),
    ]);
    expect(within(tonight).getByTestId('tonight-balance-end').textContent).toBe(
      'Balance after tonight’s run $1,045.88',
    );
    const last = within(tonight).getByRole('list', { name: 'What last night’s run did' });
    expect(last.textContent).toContain('Failed');
    expect(last.textContent).toContain('Water bill paid on the 23-11-2026 has failed');
    // Each date stays on one line at phone width (a span that does not break): the bank day's, each line's due date,
    // last night's and the one in the server's reason.
    const intro = within(tonight).getByText(
      wholeText(
        'The bank day of 24-11-2026, in this order: deposits in first, each counted as arriving (as the forecast counts them), then each bill paid automatically. Balance now $485.88.',
      ),
    );
    expect(wholeDatesIn(intro)).toEqual(['24-11-2026']);
    expect(within(list).getAllByTestId('tonight-line').map(wholeDatesIn)).toEqual([
      ['17-11-2026', '24-11-2026'],
      ['24-11-2026'],
    ]);
    const lastHeading = within(tonight).getByRole('heading', { name: 'Last night’s run (23-11-2026)' });
    expect(wholeDatesIn(lastHeading)).toEqual(['23-11-2026']);
    expect(wholeDatesIn(last)).toEqual(['23-11-2026']);
  });

  it('shows staff the staff wording and the agreement notes', async () => {
    renderOverview(true);
    expect(await screen.findByText('The member has missed a deposit.')).toBeTruthy();
    // Staff see the same summary; they contact the member from the staff actions, not 'Contact us'.
    const home = await screen.findByRole('region', { name: 'What’s next' });
    // The headline's date is kept on one line (a nowrap span), so the words are read from the whole headline.
    const headline = await within(home).findByTestId('forecast-verdict-headline');
    expect(headline.textContent).toBe('Goes short by $50.00 on 03-12-2026');
    expect(headline.querySelector('[data-whole-date]')?.textContent).toBe('03-12-2026');
    expect(within(home).queryByRole('button', { name: 'Contact us' })).toBeNull();
    // Staff may confirm a raise of the deposits (it goes for approval).
    const fixes = await within(home).findByRole('region', { name: 'Fix the shortfall' });
    within(fixes)
      .getByRole('radio', { name: /Raise each deposit/ })
      .click();
    expect(await within(fixes).findByRole('button', { name: 'Confirm this fix' })).toBeTruthy();
    // Due for renewal: the term-end choice, the server's closing balance (short: always rolled).
    const termEnd = await screen.findByRole('region', { name: 'Your balance at term end' });
    expect(within(termEnd).getByTestId('term-end-closing').textContent).toBe(
      'Projected closing balance on 20-01-2028: -$120.00',
    );
    expect(
      within(termEnd).getByText('The shortfall is carried into the renewal and spread over its deposits.'),
    ).toBeTruthy();
    const notes = await screen.findByRole('region', { name: 'Agreement notes' });
    expect(within(notes).getByText('Called the member about the renewal.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Notes/ })).toBeTruthy();
  });

  it('shows the rest of the page when the activities fail, their own error with a retry, and recovers on retry', async () => {
    renderOverview(false, oneFailedPart(false, ['activities'], 'The activity history is unavailable.'));
    // The page's core renders: the summary, what's next, the bills.
    expect(await screen.findByText('Missed Deposit')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'What’s next' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Upcoming bills' })).toBeTruthy();
    expect(screen.queryByText(/We could not load the overview/)).toBeNull();
    // The activities say they failed, in an alert (announced), with the server's message and a real button.
    const activities = screen.getByRole('region', { name: 'Activities' });
    const alert = within(activities).getByRole('alert');
    expect(alert.textContent).toContain('We could not load the activities. The activity history is unavailable.');
    const retry = within(alert).getByRole('button', { name: 'Try again' });
    expect(retry.tagName).toBe('BUTTON');
    // The totals come from the summary meanwhile.
    expect(screen.getByRole('region', { name: 'Activity overview' }).textContent).toContain('3');

    retry.click();
    // Asked again (the page's one query), answered whole: the list is back, the alert gone.
    // None at all: said once, in the list (not also "for these filters", as none was chosen).
    expect((await screen.findByTestId('activity-count')).textContent).toBe('');
    const list = screen.getByRole('region', { name: 'Activities' });
    expect(within(list).getByText('No data available')).toBeTruthy();
    expect(within(list).queryByRole('alert')).toBeNull();
    expect(screen.getByText('Missed Deposit')).toBeTruthy();
  });

  it.each([
    {
      part: 'the hardship case',
      field: 'hardshipCase' as const,
      value: hardshipCase,
      shown: () => screen.getByTestId('hardship-entry'),
      failure: 'We could not load your request for help. This part is unavailable.',
    },
    {
      part: 'the change waiting',
      field: 'agreementChangeWaiting' as const,
      value: changeWaiting,
      shown: () => screen.getByTestId('change-waiting'),
      failure: 'We could not load the agreement change waiting for approval. This part is unavailable.',
    },
  ])(
    'shows $part failed in a live refresh as failed, with a retry, not as none',
    async ({ field, value, shown, failure }) => {
      renderOverview(false, partFailsOnRefresh(field, value, 'This part is unavailable.'));
      expect(await screen.findByText('Missed Deposit')).toBeTruthy();
      await waitFor(() => expect(shown()).toBeTruthy());
      // Tonight's run and the fixes have answered: the page has settled before the change.
      expect(await screen.findByRole('region', { name: 'Tonight’s run' })).toBeTruthy();
      expect(await screen.findByRole('region', { name: 'Fix the shortfall' })).toBeTruthy();

      // The server announces a change of the account's figures: the open screens ask again, and the part fails.
      await figuresRefresherOf(used.client!)({ accountIds: new Set([ids.accountId]) });
      const alert = await screen.findByText(failure, { exact: false });
      expect(
        within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
      ).toBeTruthy();
      expect(screen.getByText('Missed Deposit')).toBeTruthy(); // the rest of the page stays
    },
  );

  it('keeps a failed part as it was while a live refresh asks again, not trying again, until the answer replaces it', async () => {
    const [failed, whole, tonight, saved, termEnd, fixes] = oneFailedPart(
      false,
      ['activities'],
      'The activity history is unavailable.',
    );
    // The refresh's answers take a while: what the page shows meanwhile can be read.
    const slowly = (mock: Mock) => ({ ...mock, delay: 1_000 }) as Mock;
    renderOverview(false, [failed, slowly(whole), tonight, slowly(tonight), saved, termEnd, fixes, slowly(fixes)]);
    expect(await screen.findByRole('list', { name: 'Tonight’s run, in order' })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Fix the shortfall' })).toBeTruthy();
    const failure = 'We could not load the activities. The activity history is unavailable.';
    const activities = () => screen.getByRole('region', { name: 'Activities' });
    expect(within(activities()).getByRole('alert').textContent).toContain(failure);

    // The server announces a change of the account's figures: the page is asked again, in the background.
    const refreshed = figuresRefresherOf(used.client!)({ accountIds: new Set([ids.accountId]) });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Meanwhile the part says what it said: the server's message, and a Try again nobody pressed is not "Trying again…".
    const alert = within(activities()).getByRole('alert');
    expect(alert.textContent).toContain(failure);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(alert.textContent).not.toContain('Trying again');
    expect(screen.getByTestId('home-next-deposit').textContent).toBe('$1,380.00 on 01-12-2026');

    // The new answer replaces it: the list is back.
    await refreshed;
    await waitFor(() => expect(within(activities()).queryByRole('alert')).toBeNull());
    expect(within(activities()).getByText('No data available')).toBeTruthy();
  });

  it('shows staff the page without the notes when the notes fail, and the notes’ own error', async () => {
    renderOverview(true, oneFailedPart(true, ['accountOverview', 'notes'], 'Notes are unavailable.'));
    expect(await screen.findByText('The member has missed a deposit.')).toBeTruthy();
    const notes = await screen.findByRole('region', { name: 'Agreement notes' });
    expect(within(notes).getByRole('alert').textContent).toContain(
      'We could not load the agreement notes. Notes are unavailable.',
    );
    expect(within(notes).getByRole('button', { name: 'Try again' })).toBeTruthy();
    // The rest is there: the summary's figures and the activities.
    expect(screen.getByRole('region', { name: 'Activities' })).toBeTruthy();
    expect(screen.queryByText(/We could not load the overview/)).toBeNull();
  });
});
