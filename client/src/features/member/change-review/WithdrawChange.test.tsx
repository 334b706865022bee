// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithdrawAgreementChangeDocument } from '../../../gql/graphql';
import { renderRoutes } from '../../../test-utils';
import { reviewWords } from './review-words';
import { WithdrawChange } from './WithdrawChange';

afterEach(cleanup);

const answer = (reason: string, result: { message?: string; error?: string }) => ({
  request: { query: WithdrawAgreementChangeDocument, variables: { agreementId: 10, reason } },
  result: {
    data: {
      withdrawAgreementChange: {
        __typename: 'LifecycleResult',
        outcome: result.message
          ? { __typename: 'LifecycleOutcomeView', agreementId: 10, status: 'Cancelled', message: result.message }
          : null,
        errors: result.error
          ? [{ __typename: 'UserError', code: 'INVALID_TEXT', field: 'reason', message: result.error }]
          : [],
      },
    },
  },
});

async function withdrawWith(reason: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw the renewal' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw the renewal?' });
  fireEvent.change(dialog.querySelector('textarea')!, { target: { value: reason } });
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
}

describe('WithdrawChange', () => {
  it('shows the server’s refusal in the dialog, then withdraws and hands on the server’s words', async () => {
    const onWithdrawn = vi.fn();
    renderRoutes(
      [
        {
          path: '/',
          element: <WithdrawChange agreementId={10} words={reviewWords(true)} onWithdrawn={onWithdrawn} />,
        },
      ],
      '/',
      [
        answer(' ', { error: 'Please enter a reason.' }),
        answer('Sent by mistake', { message: 'The renewal has been withdrawn.' }),
      ],
    );
    await withdrawWith(' ');
    expect(await screen.findByText('Please enter a reason.')).toBeTruthy();
    expect(onWithdrawn).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('alertdialog').querySelector('textarea')!, {
      target: { value: 'Sent by mistake' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(onWithdrawn).toHaveBeenCalledWith('The renewal has been withdrawn.'));
  });
});
