import type { APIRequestContext } from '@playwright/test';
import { addDays, addMonths, formatDisplayDate, type LocalDate } from '../../server/src/shared/local-date.js';
import { DEFAULT_CLIENT_SETTINGS } from '../../server/src/modules/settings/settings.defaults.js';
import { newContextOnRunClock } from './clock.js';
import { expect, test, type Page } from './fixtures.js';
import { AGENT, graphql, signIn, staffToken } from './portal-pages.js';

/**
 * Renew, end to end (issue 26 item 1), as the agent would on the demo data, whose agreements end more than a year
 * ahead: the agreement menu's Renew opens the wizard on the renewal, its deposits are dated in its own period (the day
 * after the current end date), the agent sends it, the member approves it, and it waits for its first day while the
 * agreement in force runs on. Another renewal is abandoned with the wizard's Cancel: the menu offers Modify, Renew
 * and Move end date again.
 */

const MEMBER_PASSWORD = 'member-demo-pass';

interface Account {
  memberId: number;
  accountId: number;
  base: string;
  agreementId: number;
  endDate: LocalDate;
}

async function accountOf(request: APIRequestContext, token: string, memberNumber: string): Promise<Account> {
  const { searchMembers } = await graphql<{
    searchMembers: { memberId: number; accounts: { accountId: number }[] }[];
  }>(
    request,
    token,
    `query { searchMembers(searchString: "${memberNumber}", resultCount: 5) { memberId accounts { accountId } } }`,
    {},
  );
  const memberId = searchMembers[0].memberId;
  const accountId = searchMembers[0].accounts[0].accountId;
  const { agreementWizardEntries } = await graphql<{ agreementWizardEntries: { modify: { agreementId: number } } }>(
    request,
    token,
    'query($a: Int!, $m: Int!) { agreementWizardEntries(accountId: $a, memberId: $m) { modify { agreementId } } }',
    { a: accountId, m: memberId },
  );
  const agreementId = agreementWizardEntries.modify.agreementId;
  return {
    memberId,
    accountId,
    base: `/member/${memberId}/account/${accountId}`,
    agreementId,
    ...(await agreementOf(request, token, agreementId)),
  };
}

async function agreementOf(request: APIRequestContext, token: string, id: number) {
  const { agreement } = await graphql<{ agreement: { summary: { status: string; endDate: LocalDate } } }>(
    request,
    token,
    'query($id: Int!) { agreement(agreementId: $id) { summary { status endDate } } }',
    { id },
  );
  return agreement.summary;
}

async function signedIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await signIn(page, user);
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
}

async function agreementMenu(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Agreement', exact: true }).click();
  return page.getByRole('menu');
}

/** The agent renews from the agreement menu; the wizard opens on the renewal. */
async function renewFromMenu(page: Page, account: Account) {
  await page.goto(`${account.base}/overview`);
  await expect(page.getByTestId('agreement-number')).toBeVisible({ timeout: 20_000 });
  await (await agreementMenu(page)).getByRole('menuitem', { name: 'Renew agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Renew agreement' });
  await dialog.getByRole('button', { name: 'Renew', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Renew agreement' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('has been created. Review it in the wizard', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${account.base}/contract/continue`));
}

test.describe.serial('renewing an agreement (issue 26 item 1)', () => {
  // Two browsers and the apply job on a shared 2-core machine.
  test.setTimeout(300_000);

  test('the agent renews through the wizard, in the renewal’s own period; the member approves; it waits for its first day', async ({
    page,
    request,
    browser,
  }) => {
    const token = await staffToken(request);
    const account = await accountOf(request, token, '100001');
    const firstDay = addDays(account.endDate, 1);
    await signedIn(page, AGENT);
    await renewFromMenu(page, account);

    // The list of the renewal's billers (copied), then its settings: the deposits step.
    await page.getByRole('button', { name: 'Edit agreement settings' }).click();
    const step = page.getByRole('region', { name: 'Deposits' });
    await expect(step.getByTestId('wizard-step-deposits')).toBeVisible({ timeout: 30_000 });
    // The date box starts on the renewal's first day, and its range is the renewal's own.
    await expect(step.getByTestId('deposit-date')).toHaveValue(formatDisplayDate(firstDay));
    await expect(step).toContainText(
      `From ${formatDisplayDate(firstDay)} to ${formatDisplayDate(addMonths(firstDay, 1))}`,
    );
    await expect(step).toContainText(`Agreement period ${formatDisplayDate(firstDay)} to`);
    await step.getByRole('radio', { name: /Fortnightly/ }).check();
    await expect(step.getByText('Date cannot be outside the agreement period', { exact: false })).toHaveCount(0);
    await expect(step.getByText('Next pay date is not in the valid range', { exact: false })).toHaveCount(0);
    // Its first weeks go short (the demo's rent is due fortnightly from its first days, as a new agreement's would
    // be): the member tops up when it takes over, from a savings account.
    const overdraw = step.getByTestId('overdraw-choice');
    await expect(overdraw).toBeVisible({ timeout: 20_000 });
    await overdraw.getByRole('radio', { name: 'Top up now' }).check();
    await overdraw.getByRole('combobox').selectOption({ index: 1 });
    await step.getByRole('button', { name: 'Save and continue' }).click();

    const preferences = page.getByRole('region', { name: 'Preferences' });
    await expect(preferences.getByTestId('wizard-step-preferences')).toBeVisible({ timeout: 20_000 });
    await preferences.getByRole('button', { name: 'Next' }).click();
    const confirm = page.getByRole('region', { name: 'Confirm' });
    await expect(confirm.getByTestId('wizard-step-confirm')).toBeVisible({ timeout: 20_000 });
    for (const statement of DEFAULT_CLIENT_SETTINGS.termsConfirmationChecklist)
      await confirm.getByRole('checkbox', { name: statement }).check({ force: true });
    await confirm.getByRole('button', { name: 'Continue' }).click();
    const activate = page.getByTestId('wizard-step-activate');
    await expect(activate).toBeVisible({ timeout: 20_000 });
    const renewalId = (
      await graphql<{ agreementWizardEntries: { continue: { agreementId: number } } }>(
        request,
        token,
        'query($a: Int!, $m: Int!) { agreementWizardEntries(accountId: $a, memberId: $m) { continue { agreementId } } }',
        { a: account.accountId, m: account.memberId },
      )
    ).agreementWizardEntries.continue.agreementId;
    await activate.getByRole('button', { name: 'Send for the member’s approval' }).click();
    await expect(page).toHaveURL(new RegExp(`${account.base}/overview`), { timeout: 20_000 });
    await expect(page.getByText('The renewal has been sent to the member for approval.', { exact: false })).toBeVisible(
      {
        timeout: 20_000,
      },
    );
    // Waiting for the member: nothing to continue, no second renewal.
    const menu = await agreementMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Manage agreement' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Continue agreement' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Renew agreement' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The member approves it in their own browser.
    const memberContext = await newContextOnRunClock(browser);
    try {
      const member = await memberContext.newPage();
      await signedIn(member, { username: '100001', password: MEMBER_PASSWORD });
      await member.goto(`${account.base}/viewagreement/${renewalId}`);
      // A renewal of the running agreement (status 9): the member reads what it changes, then approves it.
      await member.getByRole('button', { name: 'Approve the renewal' }).click();
      const approve = member.getByRole('alertdialog', { name: 'Approve the renewal?' });
      await approve.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(
        member.getByText(
          'Thank you. The renewal is approved: your new agreement takes over when the current one ends.',
        ),
      ).toBeVisible({
        timeout: 20_000,
      });
    } finally {
      await memberContext.close();
    }

    // Applied by the job: approved (1), waiting for its first day; the agreement in force runs on until then.
    await expect
      .poll(async () => (await agreementOf(request, token, renewalId)).status, { timeout: 60_000 })
      .toBe('Approved');
    expect((await agreementOf(request, token, account.agreementId)).status).toBe('Active');
    await page.goto(`${account.base}/overview`);
    await expect(page.getByTestId('agreement-number')).toHaveText(String(account.agreementId), { timeout: 20_000 });
    await expect(page.getByTestId('agreement-status')).toHaveText('Active');
  });

  test('the agent abandons a renewal with the wizard’s Cancel: the menu offers Modify, Renew and Move end date again', async ({
    page,
    request,
  }) => {
    const token = await staffToken(request);
    const account = await accountOf(request, token, '100002');
    await signedIn(page, AGENT);
    await renewFromMenu(page, account);
    // Left, and continued later from the menu (as the issue saw it), then cancelled.
    await page.goto(`${account.base}/overview`);
    await (await agreementMenu(page)).getByRole('menuitem', { name: 'Continue agreement' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Renew agreement' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByTestId('wizard-cancel-dialog').getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`${account.base}/overview`), { timeout: 20_000 });

    const menu = await agreementMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Modify agreement' })).toBeVisible({ timeout: 20_000 });
    await expect(menu.getByRole('menuitem', { name: 'Renew agreement' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Continue agreement' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Manage agreement' }).click();
    await expect(page.getByRole('button', { name: 'Move end date' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('button', { name: 'Renew agreement' })).toBeVisible();
    // And Modify starts a modification (no 'a modification is already open').
    await (await agreementMenu(page)).getByRole('menuitem', { name: 'Modify agreement' }).click();
    await expect(page.getByRole('button', { name: 'Start the modification' })).toBeVisible({ timeout: 20_000 });
  });
});
