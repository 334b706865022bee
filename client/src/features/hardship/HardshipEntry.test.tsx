// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HardshipCaseDocument, type HardshipCaseFieldsFragment } from '../../gql/graphql';
import { renderRoutes, wholeDatesIn } from '../../test-utils';
import { HardshipEntry } from './HardshipEntry';
import { ARRANGED_HARDSHIP_CASE } from './test-support';

const ids = { memberId: 42, accountId: 7 };

const active = ARRANGED_HARDSHIP_CASE;

function renderEntry(hardshipCase: HardshipCaseFieldsFragment | null, isStaff: boolean, inArrears: boolean) {
  return renderRoutes(
    [{ path: '/', element: <HardshipEntry {...ids} isStaff={isStaff} inArrears={inArrears} /> }],
    '/',
    [{ request: { query: HardshipCaseDocument, variables: ids }, result: { data: { hardshipCase } } }],
  );
}

afterEach(cleanup);

describe('HardshipEntry (the overview’s way in, issue 24 item 4)', () => {
  it('offers a member in arrears the way to ask for help', async () => {
    renderEntry(null, false, true);
    const link = await screen.findByRole('link', { name: 'I’m having trouble paying' });
    expect(link.getAttribute('href')).toBe('/member/42/account/7/member/hardship');
    expect(screen.getByTestId('hardship-entry').textContent).toContain('Finding it hard to catch up?');
  });

  it('shows a member what was arranged instead', async () => {
    renderEntry(active, false, true);
    const entry = await screen.findByTestId('hardship-entry');
    expect(entry.textContent).toContain('Arranged: a lower deposit of $50.00 until 31-01-2027.');
    // The date is kept on one line at phone width (a span that does not break).
    expect(wholeDatesIn(entry)).toEqual(['31-01-2027']);
    expect(screen.getByRole('link', { name: 'See your request' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'I’m having trouble paying' })).toBeNull();
  });

  it('shows staff an open request with the counselling note and where to record the arrangement', async () => {
    renderEntry({ ...active, counsellingNote: 'Offer counselling: 1800 007 007.' }, true, false);
    const entry = await screen.findByTestId('hardship-entry');
    expect(entry.textContent).toContain('Asked for help with payments: Arranged');
    expect(entry.textContent).toContain('Offer counselling: 1800 007 007.');
    expect(entry.textContent).toContain('Asked on 28-11-2026 12:00 pm for ');
    expect(wholeDatesIn(entry)).toContain('28-11-2026 12:00 pm');
    expect(screen.getByRole('link', { name: 'Open the request for help' })).toBeTruthy();
  });
});
