// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AgreementChangeReviewDocument } from '../../../gql/graphql';
import { renderRoutes, wholeDatesIn, wholeText } from '../../../test-utils';
import { ChangeReview } from './ChangeReview';

afterEach(cleanup);

const SENTENCE =
  'Your term-end choice: Roll the balance into the renewal. The $520.00 your agreement is forecast to close with is carried into the renewal and lowers its deposit to $180.00 ($20.00 less than starting from zero).';

const review = (termEnd: Record<string, unknown> | null, changes: Record<string, unknown> = {}) => ({
  request: { query: AgreementChangeReviewDocument, variables: { agreementId: 10 } },
  result: {
    data: {
      agreementChangeReview: {
        __typename: 'AgreementChangeReview',
        agreementId: 10,
        previousAgreementId: 9,
        status: 'Approved',
        isRenewal: true,
        waitingForMember: false,
        needsMemberApproval: true,
        canDecide: false,
        canWithdraw: false,
        added: [],
        removed: [],
        reinstated: [],
        changed: [],
        depositChanges: [],
        deposit: { __typename: 'ChangeDeposit', amount: '180.00', frequency: 'Fortnightly', firstDate: null },
        paidByHand: [],
        forecast: { __typename: 'ForecastVerdict', tone: 'success', headline: 'On track', details: [], onTrack: true },
        termEnd: termEnd && { __typename: 'ChangeReviewTermEnd', ...termEnd },
        ...changes,
      },
    },
  },
});

describe('ChangeReview: the term-end choice of a renewal', () => {
  it('shows the server’s sentence of the choice and its effect on the deposit under the deposits', async () => {
    renderRoutes([{ path: '/', element: <ChangeReview agreementId={10} onDecided={() => undefined} /> }], '/', [
      review({
        choice: 'Roll',
        chosen: true,
        closingBalance: '520.00',
        carriedIntoRenewal: '520.00',
        depositEffect: '-20.00',
        message: SENTENCE,
      }),
    ]);
    expect((await screen.findByTestId('change-term-end')).textContent).toBe(SENTENCE);
  });

  it('shows nothing of it when the server has none (a modification)', async () => {
    renderRoutes([{ path: '/', element: <ChangeReview agreementId={10} onDecided={() => undefined} /> }], '/', [
      review(null),
    ]);
    await screen.findByTestId('change-review');
    expect(screen.queryByTestId('change-term-end')).toBeNull();
  });
});

describe('ChangeReview: dates at phone width', () => {
  it('keeps each date of its sentences and of the deposit changes on one line', async () => {
    renderRoutes([{ path: '/', element: <ChangeReview agreementId={10} onDecided={() => undefined} /> }], '/', [
      review(null, {
        deposit: { __typename: 'ChangeDeposit', amount: '180.00', frequency: 'Fortnightly', firstDate: '2026-12-04' },
        depositChanges: [
          { __typename: 'FieldChange', field: 'Next deposit date', before: '20-11-2026', after: '04-12-2026' },
        ],
        forecast: {
          __typename: 'ForecastVerdict',
          tone: 'warning',
          headline: 'Goes short by $50.00 on 03-12-2026',
          details: ['The lowest point is -$50.00 on 03-12-2026.'],
          onTrack: false,
        },
      }),
    ]);
    const deposit = await screen.findByTestId('change-deposit');
    expect(deposit.textContent).toBe('$180.00 fortnightly, the first on 04-12-2026.');
    expect(wholeDatesIn(deposit)).toEqual(['04-12-2026']);
    const table = screen.getByRole('table', { name: 'Deposit changes' });
    expect(wholeDatesIn(table)).toEqual(['20-11-2026', '04-12-2026']);
    const forecast = screen.getByRole('alert');
    expect(wholeDatesIn(within(forecast).getByText(wholeText('Goes short by $50.00 on 03-12-2026')))).toEqual([
      '03-12-2026',
    ]);
    expect(wholeDatesIn(within(forecast).getByText(wholeText('The lowest point is -$50.00 on 03-12-2026.')))).toEqual([
      '03-12-2026',
    ]);
  });
});
