// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { AgreementViewDocument } from '../../gql/graphql';
import { renderRoutes } from '../../test-utils';
import { ViewAgreementScreen } from './ViewAgreementScreen';

function renderScreen(answer: Record<string, unknown>) {
  return renderRoutes([{ path: '/viewagreement/:agreementId', element: <ViewAgreementScreen /> }], '/viewagreement/5', [
    { request: { query: AgreementViewDocument, variables: { agreementId: 5 } }, ...answer },
  ]);
}

afterEach(cleanup);

describe('ViewAgreementScreen when the agreement does not load', () => {
  it('says to try again later when the connection fails (spec 1 §8)', async () => {
    renderScreen({ error: new Error('Failed to fetch') });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error when loading contract. Please try again later',
    );
  });

  it('shows the server’s own refusal when it gives one', async () => {
    renderScreen({
      result: { errors: [new GraphQLError('Could not load contract', { extensions: { code: 'NOT_FOUND' } })] },
    });
    const alert = (await screen.findByRole('alert')).textContent ?? '';
    expect(alert).toContain('Could not load contract');
    expect(alert).not.toContain('try again later');
  });
});
