import { newContextOnRunClock } from './clock.js';
import { expect, test, type Page } from './fixtures.js';
import { AGENT, MEMBER, graphql, operationLog, signIn, staffToken } from './portal-pages.js';

/**
 * Cancel with settlement (issue 26 item 2): staff cancel an agreement holding money and choose where the balance goes;
 * the member's overview shows the closing statement instead of "no agreement"; a balance held on the account is reset
 * by staff, after which a new agreement can be set up. This file runs after the others (files run in name order):
 * it cancels demo agreements other journeys use.
 */

const CHARLOTTE = { username: '100003', password: 'member-demo-pass' };

async function signedIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await signIn(page, user);
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
}

/** The member's id and their first account (the demo member's agreement in force). */
async function accountOf(
  request: Parameters<typeof staffToken>[0],
  memberNumber: string,
): Promise<{ memberId: number; accountId: number }> {
  const token = await staffToken(request);
  const { searchMembers } = await graphql<{ searchMembers: { memberId: number; accounts: { accountId: number }[] }[] }>(
    request,
    token,
    `query { searchMembers(searchString: "${memberNumber}", resultCount: 5) { memberId accounts { accountId } } }`,
    {},
  );
  const member = searchMembers[0];
  return { memberId: member.memberId, accountId: Math.min(...member.accounts.map((a) => a.accountId)) };
}

async function cancelFromManagePage(page: Page, base: string, reason: string, payout: boolean): Promise<void> {
  await page.goto(`${base}/manageagreement`);
  await page.getByRole('button', { name: 'Cancel agreement' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel agreement' }).click();
  await expect(dialog.getByText('Enter the reason for cancelling.')).toBeVisible();
  await dialog.getByLabel('Reason').fill(reason);
  if (payout) {
    // The members' first savings account is chosen for them.
    await expect(dialog.getByLabel('Pay the balance into')).not.toHaveValue('');
  } else {
    await dialog.getByText('Hold it on the account until the account is reset').click();
  }
  await dialog.getByRole('button', { name: 'Cancel agreement' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('cancel with settlement', () => {
  test.setTimeout(180_000);

  test('the balance paid into the member’s savings account: the member reads the closing statement', async ({
    page,
    browser,
    request,
  }) => {
    const { memberId, accountId } = await accountOf(request, MEMBER.username);
    const base = `/member/${memberId}/account/${accountId}`;
    await signedIn(page, AGENT);
    await cancelFromManagePage(page, base, 'Member is moving overseas', true);
    await expect(
      page.getByText(/The agreement has been cancelled\. The balance of \$[\d,.]+ was paid into/),
    ).toBeVisible();

    const memberContext = await newContextOnRunClock(browser);
    const memberPage = await memberContext.newPage();
    await signedIn(memberPage, MEMBER);
    await memberPage.goto(`${base}/overview`);
    const statement = memberPage.getByTestId('closing-statement');
    await expect(statement).toBeVisible({ timeout: 20_000 });
    await expect(statement).toContainText('Member is moving overseas');
    await expect(memberPage.getByTestId('closing-statement-message')).toHaveText(
      /^The balance of \$[\d,.]+ was paid into savings account \d+\.$/,
    );
    await expect(memberPage.getByText('This account has no agreement yet.')).toHaveCount(0);
    // The history shows the money leaving the agreement.
    await expect(memberPage.getByRole('region', { name: 'Activities' })).toContainText('Closing balance of $');
    await memberContext.close();
  });

  test('the balance held on the account until staff reset it; then a new agreement can be set up', async ({
    page,
    request,
  }) => {
    const { memberId, accountId } = await accountOf(request, CHARLOTTE.username);
    const base = `/member/${memberId}/account/${accountId}`;
    await signedIn(page, AGENT);
    await cancelFromManagePage(page, base, 'Member asked to close the agreement', false);
    await page.goto(`${base}/overview`);
    const statement = page.getByTestId('closing-statement');
    await expect(statement).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('closing-statement-message')).toHaveText(
      /is held on the account until it is reset|owes/,
    );

    await statement.getByRole('button', { name: 'Reset account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Reset account' }).click();
    await expect(dialog.getByText('Choose the savings account.')).toBeVisible();
    await dialog.getByRole('combobox').selectOption({ index: 1 });
    const asked = operationLog(page);
    await dialog.getByRole('button', { name: 'Reset account' }).click();
    await expect(page.getByText(/The account has been reset to a zero balance/)).toBeVisible();
    await expect(page.getByTestId('closing-statement-message')).toHaveText(
      'The balance was settled when the account was reset; the account is at a zero balance.',
    );
    await expect(statement.getByRole('button', { name: 'Reset account' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Activities' })).toContainText('Account reset to a zero balance');
    // The money moved: the server's announcement asks the statement and the page again, once each (the dialog asked
    // them again too before).
    await asked.quiet();
    console.log(`[journey] a reset asked: ${asked.names().join(', ')}`);
    expect(asked.names().filter((name) => name === 'OverviewPage')).toHaveLength(1);
    expect(asked.names().filter((name) => name === 'ClosingStatement')).toHaveLength(1);

    // A new agreement: the wizard opens for editing, not read-only.
    await page.goto(`${base}/newagreement`);
    await expect(page.getByText(/not a zero balance/)).toHaveCount(0);
  });
});
