// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../auth/session';
import { tokenFixture } from '../../auth/test-support';
import {
  AcceptDepositReviewDocument,
  DepositReviewDocument,
  DismissDepositReviewDocument,
  type DepositReviewQuery,
} from '../../gql/graphql';
import { REVIEW_ACTION_WORDS } from './DepositReviewActions';
import { renderRoutes, wholeDatesIn, wholeText } from '../../test-utils';
import { DEPOSIT_REVIEW_WORDS, DepositReviewPanel } from './DepositReviewPanel';

const ids = { memberId: 42, accountId: 7 };

const contingency = (setAside: string, used: string, toRainyDay: string, held: string) => ({
  __typename: 'ContingencyUse' as const,
  setAside,
  used,
  toRainyDay,
  heldForBillsToCome: held,
});

const review: NonNullable<DepositReviewQuery['depositReview']> = {
  __typename: 'DepositReview',
  accountId: 7,
  agreementId: 907,
  asOf: '2026-07-01',
  rows: [
    {
      __typename: 'DepositReviewRow',
      billerKey: 'biller:1',
      name: 'Electricity',
      estimate: '1200.00',
      paidSoFar: '674.00',
      expectedByTermEnd: '1274.00',
      difference: '74.00',
      contingency: contingency('60.00', '40.00', '20.00', '60.00'),
    },
    {
      __typename: 'DepositReviewRow',
      billerKey: 'biller:2',
      name: 'Council rates',
      estimate: '900.00',
      paidSoFar: '450.00',
      expectedByTermEnd: '900.00',
      difference: '0.00',
      contingency: contingency('0.00', '0.00', '0.00', '0.00'),
    },
  ],
  totals: {
    __typename: 'DepositReviewFigures',
    estimate: '2100.00',
    paidSoFar: '1124.00',
    expectedByTermEnd: '2174.00',
    difference: '74.00',
    contingency: contingency('60.00', '40.00', '20.00', '60.00'),
  },
  proposal: {
    __typename: 'DepositReviewProposal',
    currentDeposit: '100.00',
    topUpFirst: '0.00',
    proposedDeposit: '116.00',
    change: '16.00',
    deposits: 13,
    from: '2026-07-08',
    reasons: [
      {
        __typename: 'DepositReviewReason',
        billerKey: 'biller:1',
        perDeposit: '4.15',
        words: 'Electricity came in 18% above its estimate: +$4.15 a fortnight.',
      },
      {
        __typename: 'DepositReviewReason',
        billerKey: null,
        perDeposit: '11.85',
        words: 'The balance held today and when the bills fall due: +$11.85 a fortnight.',
      },
    ],
    summary: 'Raise your deposit from $100.00 to $116.00 a fortnight.',
  },
  due: { __typename: 'DepositReviewDue', due: true, reason: 'Deficit', nextScheduled: '2026-10-01' },
  open: null,
  closed: null,
};

function renderPanel(answer: DepositReviewQuery['depositReview'], agreementId = 907) {
  const mock = {
    request: { query: DepositReviewDocument, variables: ids },
    result: { data: { depositReview: answer } },
  };
  return renderRoutes([{ path: '/', element: <DepositReviewPanel {...ids} agreementId={agreementId} /> }], '/', [mock]);
}

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe('DepositReviewPanel', () => {
  it('shows each bill’s estimate, paid so far, expected by term end, difference and contingency, and the totals', async () => {
    renderPanel(review);
    const table = await screen.findByRole('table', { name: DEPOSIT_REVIEW_WORDS.tableLabel });
    const rows = within(table).getAllByRole('row');
    expect(
      rows.map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [],
      [
        'Electricity',
        '$1,200.00',
        '$674.00',
        '$1,274.00',
        '+$74.00',
        'Set aside $60.00: $40.00 paid bills, $20.00 to rainy day; $60.00 held for bills to come',
      ],
      [
        'Council rates',
        '$900.00',
        '$450.00',
        '$900.00',
        '$0.00',
        'Set aside $0.00: $0.00 paid bills, $0.00 to rainy day; $0.00 held for bills to come',
      ],
      [
        'Total',
        '$2,100.00',
        '$1,124.00',
        '$2,174.00',
        '+$74.00',
        'Set aside $60.00: $40.00 paid bills, $20.00 to rainy day; $60.00 held for bills to come',
      ],
    ]);
  });

  it('shows the deposit proposed with the server’s words, bill by bill, and why a review is due', async () => {
    renderPanel(review);
    const proposal = await screen.findByTestId('deposit-review-proposal');
    expect(within(proposal).getByTestId('deposit-review-summary').textContent).toBe(review.proposal!.summary);
    const reasons = within(proposal).getByRole('list', { name: 'Why the deposit changes' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(review.proposal!.reasons.map((reason) => reason.words));
    expect(within(proposal).getByText(DEPOSIT_REVIEW_WORDS.due.Deficit)).toBeTruthy();
    // Its date kept on one line (a span of its own), so the line is found by its whole text.
    const next = within(proposal).getByText(wholeText('Next scheduled review: 01-10-2026'));
    expect(wholeDatesIn(next)).toEqual(['01-10-2026']);
  });

  it('shows nothing on the page of a version that is not the account’s current one', async () => {
    const { container } = renderPanel(review, 906);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('table')).toBeNull();
    expect(container.querySelector('[data-section="deposit-review"]')).toBeNull();
  });

  it('lets the member accept the recorded review in one tap, and says what the server did', async () => {
    sessionStore.save(tokenFixture({}));
    const open = {
      __typename: 'DepositReviewOpen' as const,
      reviewId: 5,
      reviewedOn: '2026-07-01',
      proposedDeposit: '116.00',
      referred: false,
      summary: review.proposal!.summary,
    };
    const message = 'Your new deposit of $116.00 is approved: it applies from the next deposit.';
    renderRoutes([{ path: '/', element: <DepositReviewPanel {...ids} agreementId={907} /> }], '/', [
      {
        request: { query: DepositReviewDocument, variables: ids },
        result: { data: { depositReview: { ...review, open } } },
      },
      {
        request: { query: AcceptDepositReviewDocument, variables: { ...ids, reviewId: 5 } },
        result: {
          data: {
            acceptDepositReview: {
              __typename: 'DepositReviewDecision',
              ok: true,
              message,
              changeAgreementId: 950,
              approved: true,
              sentToMember: false,
              waitingForManager: false,
              errors: [],
            },
          },
        },
      },
    ]);
    const actions = await screen.findByTestId('deposit-review-open');
    expect(actions.textContent).toContain('The review of 01-07-2026 proposes a deposit of $116.00.');
    expect(within(actions).getByRole('button', { name: REVIEW_ACTION_WORDS.refer })).toBeTruthy();
    fireEvent.click(within(actions).getByRole('button', { name: REVIEW_ACTION_WORDS.accept }));
    expect((await within(actions).findByText(message)).getAttribute('role')).toBe('status');
  });

  it('lets staff dismiss the open review, saying why, and shows the server’s answer', async () => {
    sessionStore.save(tokenFixture({ roles: ['AGENT'], memberId: null, userName: 'agent', displayName: 'Agent' }));
    const open = {
      __typename: 'DepositReviewOpen' as const,
      reviewId: 5,
      reviewedOn: '2026-07-01',
      proposedDeposit: '116.00',
      referred: true,
      summary: review.proposal!.summary,
    };
    const message = 'The review is dismissed: the deposit stays as it is, and the member sees the review closed.';
    renderRoutes([{ path: '/', element: <DepositReviewPanel {...ids} agreementId={907} /> }], '/', [
      {
        request: { query: DepositReviewDocument, variables: ids },
        result: { data: { depositReview: { ...review, open } } },
      },
      {
        request: {
          query: DismissDepositReviewDocument,
          variables: { ...ids, reviewId: 5, reason: 'Changing retailer' },
        },
        result: {
          data: {
            dismissDepositReview: {
              __typename: 'DepositReviewDecision',
              ok: true,
              message,
              changeAgreementId: null,
              approved: false,
              sentToMember: false,
              waitingForManager: false,
              errors: [],
            },
          },
        },
      },
    ]);
    const actions = await screen.findByTestId('deposit-review-open');
    fireEvent.click(within(actions).getByRole('button', { name: REVIEW_ACTION_WORDS.dismiss }));
    fireEvent.change(
      within(actions).getByLabelText(new RegExp(REVIEW_ACTION_WORDS.dismissReason.replace('?', '\\?'))),
      {
        target: { value: 'Changing retailer' },
      },
    );
    fireEvent.click(within(actions).getByRole('button', { name: REVIEW_ACTION_WORDS.dismissConfirm }));
    expect((await within(actions).findByText(message)).getAttribute('role')).toBe('status');
  });

  it('tells the member a review staff dismissed is closed', async () => {
    renderPanel({
      ...review,
      closed: { __typename: 'DepositReviewClosed', reviewId: 5, reviewedOn: '2026-07-01', outcome: 'Dismissed' },
    });
    expect((await screen.findByTestId('deposit-review-closed')).textContent).toBe(
      'The review of 01-07-2026 is closed: your deposit stays as it is.',
    );
  });
});
