// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CancelAgreementWizardDocument } from '../../gql/graphql';
import { WizardCancelFlow } from './wizard-frame';
import { renderRoutes } from '../../test-utils';
import { WizardCancelButton } from './WizardCancelButton';

afterEach(cleanup);

const cancelled = {
  request: { query: CancelAgreementWizardDocument, variables: { agreementId: 9, flow: WizardCancelFlow.Continue } },
  result: {
    data: {
      cancelAgreementWizard: {
        __typename: 'AgreementWizardCancelResult',
        discarded: false,
        title: 'Continue agreement cancelled',
        message:
          'Continue agreement cancelled: The unsaved details you have entered for this agreement have been closed and cancelled.',
        errors: [],
      },
    },
  },
};

async function cancelOn(path: string, to?: string) {
  let loads = 0;
  const element = <WizardCancelButton agreementId={9} flow={WizardCancelFlow.Continue} kind="Create" to={to} />;
  const { router } = renderRoutes(
    [
      {
        path: '/member/:memberId/account/:accountId/*',
        loader: () => (loads += 1),
        element,
      },
    ],
    path,
    [cancelled],
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Yes, cancel' }));
  return { router, loads: () => loads };
}

describe('WizardCancelButton (spec 2 §2: target, overview on profile, or reload)', () => {
  it('goes to the given target', async () => {
    const { router } = await cancelOn('/member/1/account/2/contract/continue', '/member/1/account/2/overview');
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/1/account/2/overview'));
  });

  it('without a target, goes from the profile page to the account’s overview', async () => {
    const { router } = await cancelOn('/member/1/account/2/member/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/1/account/2/overview'));
  });

  it('without a target elsewhere, reloads the current state where it stands', async () => {
    const { router, loads } = await cancelOn('/member/1/account/2/contract/continue');
    expect(loads()).toBe(1);
    await waitFor(() => expect(loads()).toBe(2));
    expect(router.state.location.pathname).toBe('/member/1/account/2/contract/continue');
  });
});
