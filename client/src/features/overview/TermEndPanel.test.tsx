// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ChooseTermEndDocument,
  TermEndChoiceDocument,
  type TermEndChoiceQuery,
  type TermEndFieldsFragment,
} from '../../gql/graphql';
import { sessionStore } from '../../auth/session';
import { tokenFixture } from '../../auth/test-support';
import { notify } from '../../shared/notify/notify';
import { renderRoutes, wholeDatesIn, wholeText } from '../../test-utils';
import { TERM_END_WORDS, TermEndPanel } from './TermEndPanel';

const ids = { memberId: 42, accountId: 7 };

const due: TermEndFieldsFragment & { __typename: 'TermEndView' } = {
  __typename: 'TermEndView',
  accountId: 7,
  agreementId: 907,
  endDate: '2027-01-20',
  closingBalance: '640.25',
  renewalUnderWay: true,
  choice: 'Roll',
  accountNumber: null,
  chosenAt: null,
  message: 'Nothing chosen yet: the balance is rolled into the renewal.',
  renewalDeposits:
    'The renewal’s deposits are agreed at $250.00 a deposit (fortnightly): with this choice they are worked out again to $200.00 a deposit, $50.00 less.',
  options: [
    {
      __typename: 'TermEndOptionView',
      kind: 'Roll',
      words: 'Roll the balance into the renewal',
      explanation: 'What the agreement holds after 20-01-2027 is carried into the renewal and lowers its deposits.',
      accountNumber: null,
    },
    {
      __typename: 'TermEndOptionView',
      kind: 'Refund',
      words: 'Refund the surplus to linked account',
      explanation:
        'When the renewal takes over after 20-01-2027, what the agreement holds is paid into the linked account you choose; the renewal starts from zero.',
      accountNumber: null,
    },
    {
      __typename: 'TermEndOptionView',
      kind: 'Savings',
      words: 'Move the surplus to savings account 30000001',
      explanation:
        'When the renewal takes over after 20-01-2027, what the agreement holds is moved to your default savings account; the renewal starts from zero.',
      accountNumber: '30000001',
    },
  ],
  refundAccounts: [
    { __typename: 'TermEndRefundAccount', accountNumber: '30000001', nickname: 'Everyday' },
    { __typename: 'TermEndRefundAccount', accountNumber: '30000002', nickname: null },
  ],
};

const chosen = {
  ...due,
  choice: 'Refund' as const,
  accountNumber: '30000002',
  chosenAt: '2026-11-23T01:00:00.000Z',
  message: 'Chosen: Refund the surplus to linked account 30000002.',
};

function viewMock(answer: TermEndChoiceQuery['termEndChoice']) {
  return { request: { query: TermEndChoiceDocument, variables: ids }, result: { data: { termEndChoice: answer } } };
}

function chooseMock(input: Record<string, unknown>, result: Record<string, unknown>) {
  return {
    request: { query: ChooseTermEndDocument, variables: { input: { ...ids, ...input } } },
    result: { data: { chooseTermEnd: { __typename: 'ChooseTermEndResult', ...result } } },
  };
}

function renderPanel(mocks: ReturnType<typeof viewMock | typeof chooseMock>[]) {
  return renderRoutes([{ path: '/', element: <TermEndPanel {...ids} /> }], '/', mocks);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStore.clear();
});

describe('TermEndPanel', () => {
  it('shows the server’s closing balance, each choice with what it does, and the current choice', async () => {
    renderPanel([viewMock(due)]);
    const panel = await screen.findByRole('region', { name: TERM_END_WORDS.title });
    expect(within(panel).getByTestId('term-end-closing').textContent).toBe(
      'Projected closing balance on 20-01-2027: $640.25',
    );
    expect(within(panel).getByTestId('term-end-current').textContent).toBe(due.message);
    // What the renewal's deposits are with the current choice, in the server's words.
    expect(within(panel).getByTestId('term-end-renewal-deposits').textContent).toBe(due.renewalDeposits);
    const roll = within(panel).getByRole('radio', { name: /Roll the balance into the renewal/ }) as HTMLInputElement;
    expect(roll.checked).toBe(true);
    // A choice's explanation, its date kept on one line (a span of its own), so it is found by its whole text.
    expect(wholeDatesIn(within(panel).getByText(wholeText(due.options[2].explanation)))).toEqual(['20-01-2027']);
    expect(within(panel).getAllByRole('radio')).toHaveLength(3);
    // Nothing changed yet: nothing to confirm.
    expect((within(panel).getByRole('button', { name: TERM_END_WORDS.confirm }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(panel).queryByLabelText(TERM_END_WORDS.refundTo)).toBeNull();
  });

  it('asks for the account of a refund, then saves the choice and says so', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => '');
    renderPanel([
      viewMock(due),
      chooseMock({ choice: 'Refund', accountNumber: '30000002' }, { ok: true, termEnd: chosen, errors: [] }),
      viewMock(chosen),
    ]);
    const panel = await screen.findByRole('region', { name: TERM_END_WORDS.title });
    fireEvent.click(within(panel).getByRole('radio', { name: /Refund the surplus/ }));
    const confirm = within(panel).getByRole('button', { name: TERM_END_WORDS.confirm });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    // No account chosen: the field says so and nothing is sent.
    expect(await within(panel).findByRole('alert')).toBeTruthy();
    const select = within(panel).getByLabelText(new RegExp(TERM_END_WORDS.refundTo)) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      TERM_END_WORDS.chooseAccount,
      'Everyday 30000001',
      '30000002',
    ]);
    fireEvent.change(select, { target: { value: '30000002' } });
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        `${TERM_END_WORDS.saved} Chosen: Refund the surplus to linked account 30000002.`,
      ),
    );
    expect(await within(panel).findByText(chosen.message)).toBeTruthy();
  });

  it('says why a choice was refused, with the server’s message', async () => {
    const alert = vi.spyOn(notify, 'alert').mockImplementation(() => '');
    const refusal =
      'The agreement is not forecast to close with a surplus: there is nothing to refund or move to savings.';
    renderPanel([
      viewMock(due),
      chooseMock(
        { choice: 'Savings', accountNumber: null },
        {
          ok: false,
          termEnd: null,
          errors: [{ __typename: 'UserError', code: 'NO_SURPLUS', field: 'choice', message: refusal }],
        },
      ),
    ]);
    const panel = await screen.findByRole('region', { name: TERM_END_WORDS.title });
    fireEvent.click(within(panel).getByRole('radio', { name: /Move the surplus to savings/ }));
    const confirm = within(panel).getByRole('button', { name: TERM_END_WORDS.confirm });
    await waitFor(() => expect((confirm as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(alert).toHaveBeenCalled());
    expect(JSON.stringify(alert.mock.calls[0])).toContain(refusal);
  });

  it('lets the read-only reporter read the choice but offers no change', async () => {
    sessionStore.save(tokenFixture({ roles: ['REPORTER'], memberId: undefined }));
    renderPanel([viewMock(chosen)]);
    const panel = await screen.findByRole('region', { name: TERM_END_WORDS.title });
    expect(within(panel).getByTestId('term-end-current').textContent).toBe(chosen.message);
    expect(within(panel).queryByRole('button', { name: TERM_END_WORDS.confirm })).toBeNull();
    for (const radio of within(panel).getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
  });

  it('shows nothing when the agreement is not due for renewal', async () => {
    const { container } = renderPanel([viewMock(null)]);
    await waitFor(() => expect(screen.queryByText(/Loading/)).toBeNull());
    expect(container.querySelector('[data-testid="term-end"]')).toBeNull();
  });
});
