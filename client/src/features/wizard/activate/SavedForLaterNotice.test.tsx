// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore, type Role } from '../../../auth/session';
import { tokenFixture } from '../../../auth/test-support';
import { AgreementSavedForLaterDocument } from '../../../gql/graphql';
import { renderRoutes } from '../../../test-utils';
import { SavedForLaterNotice } from './SavedForLaterNotice';

const saved = {
  request: { query: AgreementSavedForLaterDocument, variables: { accountId: 7 } },
  result: {
    data: {
      agreementSavedForLater: {
        __typename: 'AgreementSavedForLaterResult',
        saved: { __typename: 'SavedForLaterView', agreementId: 907, description: 'Half done' },
      },
    },
  },
};

function renderNotice(roles: Role[], mocks = [saved]) {
  sessionStore.save(tokenFixture(roles.includes('MEMBER') ? { roles } : { roles, memberId: undefined }));
  return renderRoutes([{ path: '/', element: <SavedForLaterNotice memberId={42} accountId={7} /> }], '/', mocks);
}

afterEach(() => {
  cleanup();
  sessionStore.clear();
});

describe('SavedForLaterNotice', () => {
  it('tells a member of the agreement saved for later, with the link to continue it', async () => {
    renderNotice(['MEMBER']);
    expect(await screen.findByText(/This agreement was saved for later: “Half done”/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue the agreement' })).toBeTruthy();
  });

  it('asks nothing for the read-only reporter, whom the server refuses the wizard (the strict link fails an unmocked ask)', async () => {
    renderNotice(['REPORTER'], []);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/saved for later/)).toBeNull();
  });
});
