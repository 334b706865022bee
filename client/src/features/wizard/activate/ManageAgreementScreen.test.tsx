// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../auth/session';
import { tokenFixture } from '../../../auth/test-support';
import {
  AgreementWizardEntriesDocument,
  ClosingStatementDocument,
  ManagedAgreementDocument,
  type MemberAccountQuery,
} from '../../../gql/graphql';
import { renderRoutes, wholeText } from '../../../test-utils';
import type { MemberContext } from '../../member/member-context';
import { ManageAgreementScreen } from './ManageAgreementScreen';
import { CLOSING_STATEMENT } from '../../settlement/test-support';

const ids = { memberId: 42, accountId: 7 };
const entry = { __typename: 'WizardEntry', visible: false, allowed: false, agreementId: null, refusal: null };

function renderScreen(statement: object | null) {
  sessionStore.save(tokenFixture({ roles: ['AGENT'], memberId: undefined }));
  const context: MemberContext = { ...ids, account: {} as MemberAccountQuery['memberAccount'], hideMenus: false };
  return renderRoutes(
    [
      {
        path: '/member/:memberId/account/:accountId',
        element: <Outlet context={context} />,
        children: [{ path: 'manageagreement', element: <ManageAgreementScreen /> }],
      },
    ],
    '/member/42/account/7/manageagreement',
    [
      {
        request: { query: ManagedAgreementDocument, variables: { memberId: 42 } },
        // The cancelled agreement is no longer the account's agreement in force.
        result: { data: { accountList: [{ __typename: 'AccountListItem', accountId: 7, agreementId: null }] } },
      },
      {
        request: { query: AgreementWizardEntriesDocument, variables: ids },
        result: {
          data: {
            agreementWizardEntries: {
              __typename: 'WizardEntries',
              accountId: 7,
              create: entry,
              modify: entry,
              continue: entry,
              lifecycleActions: [],
            },
          },
        },
      },
      {
        request: { query: ClosingStatementDocument, variables: { accountId: 7 } },
        result: { data: { closingStatement: { __typename: 'ClosingStatementResult', statement } } },
      },
    ],
  );
}

const cancelled = { ...CLOSING_STATEMENT, billsDue: [] };

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe('ManageAgreementScreen without an agreement in force', () => {
  it('says the agreement was cancelled, when, and shows its closing statement (as the member’s overview does)', async () => {
    renderScreen(cancelled);
    expect(
      await screen.findByText(wholeText('Agreement 12 was cancelled on 20-11-2026: The member asked to close it.')),
    ).toBeTruthy();
    expect(screen.getByTestId('closing-statement-message').textContent).toBe(
      '$300.00 was paid into account 123456789 on 20-11-2026.',
    );
    expect(screen.queryByText('This account has no agreement.')).toBeNull();
  });

  it('says the account has no agreement yet when none was ever cancelled', async () => {
    renderScreen(null);
    expect(await screen.findByText('This account has no agreement yet.')).toBeTruthy();
  });
});
