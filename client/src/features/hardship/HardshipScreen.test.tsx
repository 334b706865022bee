// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../auth/session';
import { tokenFixture } from '../../auth/test-support';
import {
  ArrangeHardshipCaseDocument,
  HardshipCaseDocument,
  OpenHardshipCaseDocument,
  type HardshipCaseFieldsFragment,
  type MemberAccountQuery,
} from '../../gql/graphql';
import { renderRoutes } from '../../test-utils';
import type { MemberContext } from '../member/member-context';
import { HardshipScreen } from './HardshipScreen';

const ids = { memberId: 42, accountId: 7 };
const account = {
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
} as MemberAccountQuery['memberAccount'];

const terms = (kind: 'None' | 'DepositHoliday' | 'LowerDeposit', words: string, extra = {}) => ({
  __typename: 'HardshipTerms' as const,
  kind,
  from: null,
  until: null,
  amount: null,
  words,
  ...extra,
});

function openCase(staff: boolean, overrides: Partial<HardshipCaseFieldsFragment> = {}): HardshipCaseFieldsFragment {
  return {
    __typename: 'HardshipCase',
    caseId: 3,
    accountId: 7,
    agreementId: 907,
    status: 'Open',
    statusLabel: 'Open: waiting for us to contact you',
    situation: 'My hours were cut until February.',
    openedAt: '2026-11-28T01:00:00.000Z',
    request: terms('LowerDeposit', 'a lower deposit of $50.00 until 31-01-2027', {
      from: '2026-11-28',
      until: '2027-01-31',
      amount: '50.00',
    }),
    arrangement: null,
    arrangementNote: null,
    arrangedAt: null,
    arrangedBy: null,
    closeNote: null,
    closedAt: null,
    followUpPaused: true,
    counsellingNote: staff
      ? 'Offer the bank’s financial counselling referral (National Debt Helpline 1800 007 007).'
      : null,
    deposits: [],
    ...overrides,
  };
}

function renderScreen(staff: boolean, mocks: Parameters<typeof renderRoutes>[2]) {
  sessionStore.save(tokenFixture(staff ? { roles: ['AGENT'], memberId: undefined } : {}));
  const context: MemberContext = { ...ids, account, hideMenus: false };
  return renderRoutes(
    [
      {
        path: '/member/:memberId/account/:accountId',
        element: <Outlet context={context} />,
        children: [{ path: 'member/hardship', element: <HardshipScreen /> }],
      },
    ],
    '/member/42/account/7/member/hardship',
    mocks,
  );
}

const read = (hardshipCase: HardshipCaseFieldsFragment | null) => ({
  request: { query: HardshipCaseDocument, variables: ids },
  result: { data: { hardshipCase } },
});

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe('HardshipScreen (issue 24 item 4)', () => {
  it('asks a member what is going on, refuses an empty form in words, and confirms the request sent', async () => {
    const opened = openCase(false, {
      request: terms('None', 'no change to the deposits'),
      situation: 'My hours were cut.',
    });
    renderScreen(false, [
      read(null),
      {
        request: {
          query: OpenHardshipCaseDocument,
          variables: {
            input: { ...ids, situation: 'My hours were cut.', kind: 'None', from: null, until: null, amount: null },
          },
        },
        result: { data: { openHardshipCase: { __typename: 'HardshipCaseResult', hardshipCase: opened, errors: [] } } },
      },
      read(opened),
    ]);
    const form = await screen.findByRole('form', { name: 'Ask for help with payments' });
    fireEvent.click(within(form).getByRole('button', { name: 'Ask for help' }));
    expect((await within(form).findByText('Please tell us a little about what is going on.')).textContent).toBeTruthy();
    expect(screen.getByText(/National Debt Helpline/).textContent).toContain('1800 007 007');
    fireEvent.change(within(form).getByRole('textbox', { name: /What is going on/ }), {
      target: { value: 'My hours were cut.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Ask for help' }));
    expect(await screen.findByText('Your request for help is sent. We will contact you.')).toBeTruthy();
    const card = await screen.findByTestId('hardship-case');
    expect(card.textContent).toContain('My hours were cut.');
    expect(card.textContent).toContain('no change to the deposits');
    expect(card.textContent).toContain('we will not send you missed-deposit reminders');
    expect(screen.queryByRole('form', { name: 'Ask for help with payments' })).toBeNull();
  });

  it('shows the server’s refusal under its field', async () => {
    renderScreen(false, [
      read(null),
      {
        request: {
          query: OpenHardshipCaseDocument,
          variables: {
            input: {
              ...ids,
              situation: 'Hours cut',
              kind: 'LowerDeposit',
              from: null,
              until: '2027-01-31',
              amount: '500.00',
            },
          },
        },
        result: {
          data: {
            openHardshipCase: {
              __typename: 'HardshipCaseResult',
              hardshipCase: null,
              errors: [
                {
                  __typename: 'UserError',
                  code: 'AMOUNT_NOT_LOWER',
                  field: 'amount',
                  message: 'The lower deposit must be less than your deposit now ($120.00).',
                },
              ],
            },
          },
        },
      },
    ]);
    const form = await screen.findByRole('form', { name: 'Ask for help with payments' });
    fireEvent.change(within(form).getByRole('textbox', { name: /What is going on/ }), {
      target: { value: 'Hours cut' },
    });
    fireEvent.click(within(form).getByRole('radio', { name: /A lower deposit for a while/ }));
    fireEvent.change(await within(form).findByRole('textbox', { name: /The deposit you can manage/ }), {
      target: { value: '500.00' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: /Lower deposit until/ }), {
      target: { value: '31-01-2027' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Ask for help' }));
    expect(
      await within(form).findByText('The lower deposit must be less than your deposit now ($120.00).'),
    ).toBeTruthy();
  });

  it('shows staff the request with the counselling note and records the arrangement', async () => {
    const open = openCase(true);
    const arranged = openCase(true, {
      status: 'Arranged',
      statusLabel: 'Arranged',
      arrangement: terms('LowerDeposit', 'a lower deposit of $50.00 until 31-01-2027', {
        from: '2026-11-28',
        until: '2027-01-31',
        amount: '50.00',
      }),
      arrangementNote: 'Agreed on the phone.',
      arrangedAt: '2026-11-28T02:00:00.000Z',
      arrangedBy: 'Agent Smith',
      deposits: [
        { __typename: 'HardshipDeposit', dueDate: '2026-12-04', before: '80.00', after: '50.00', holiday: false },
        { __typename: 'HardshipDeposit', dueDate: '2027-02-05', before: '80.00', after: '110.00', holiday: false },
      ],
    });
    renderScreen(true, [
      read(open),
      {
        request: {
          query: ArrangeHardshipCaseDocument,
          variables: {
            input: {
              accountId: 7,
              note: 'Agreed on the phone.',
              kind: 'LowerDeposit',
              from: null,
              until: '2027-01-31',
              amount: '50.00',
            },
          },
        },
        result: {
          data: { arrangeHardshipCase: { __typename: 'HardshipCaseResult', hardshipCase: arranged, errors: [] } },
        },
      },
      read(arranged),
    ]);
    expect((await screen.findByTestId('counselling-note')).textContent).toContain('1800 007 007');
    const form = screen.getByRole('form', { name: 'Record an arrangement' });
    // The member's request is the starting point.
    expect((within(form).getByRole('radio', { name: /A lower deposit for a while/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Record the arrangement' }));
    expect(await within(form).findByText('Please add a note saying what was agreed with the member.')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /Note/ }), {
      target: { value: 'Agreed on the phone.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Record the arrangement' }));
    expect(await screen.findByText('The arrangement is recorded.')).toBeTruthy();
    expect((await screen.findByTestId('hardship-arrangement')).textContent).toContain(
      '(by Agent Smith). Agreed on the phone.',
    );
    // What the arrangement did to the deposits, as the server answered it.
    const deposits = await screen.findByRole('table', { name: 'The deposits this arrangement changed' });
    expect(
      within(deposits)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DueWasNow', '04-12-2026$80.00$50.00', '05-02-2027$80.00$110.00']);
  });

  it('lets staff open the request for a member who rings, in the member’s words', async () => {
    const opened = openCase(true, {
      request: terms('None', 'no change to the deposits'),
      situation: 'Rang the branch: hours cut.',
    });
    renderScreen(true, [
      read(null),
      {
        request: {
          query: OpenHardshipCaseDocument,
          variables: {
            input: {
              memberId: 42,
              accountId: 7,
              situation: 'Rang the branch: hours cut.',
              kind: 'None',
              from: null,
              until: null,
              amount: null,
            },
          },
        },
        result: { data: { openHardshipCase: { __typename: 'HardshipCaseResult', hardshipCase: opened, errors: [] } } },
      },
      read(opened),
    ]);
    const form = await screen.findByRole('form', { name: 'Open a request for help for the member' });
    fireEvent.change(within(form).getByRole('textbox', { name: /What the member told you/ }), {
      target: { value: 'Rang the branch: hours cut.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Open the request' }));
    expect(await screen.findByText(/The request for help is open\./)).toBeTruthy();
    expect((await screen.findByTestId('hardship-case')).textContent).toContain('Rang the branch: hours cut.');
  });
});
