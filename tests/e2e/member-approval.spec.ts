import type { APIRequestContext } from '@playwright/test';
import { addDays } from '../../server/src/shared/local-date.js';
import { e2eToday, newContextOnRunClock } from './clock.js';
import { expect, test, type Page } from './fixtures.js';
import { AGENT, graphql, OverviewPage, signIn, staffToken, tokenOf } from './portal-pages.js';

/**
 * Members approve changes (issue 26 items 3 and 6), in the member's browser: staff save a modification of Liam's
 * running agreement (through the API: the wizard's screens have their own journeys); the member's overview asks them
 * to review it; the review lists the bill they will pay by hand and the forecast; one change is declined (the
 * agreement stays as it was), the next approved (applied); staff see that a change waits, and both read the history.
 */

const LIAM = { username: '100006', password: 'member-demo-pass' };
const ERRORS = 'errors { code field message }';

interface Account {
  memberId: number;
  accountId: number;
  base: string;
}

async function noErrors(
  request: APIRequestContext,
  token: string,
  query: string,
  variables: Record<string, unknown>,
): Promise<Record<string, { errors: unknown[] } & Record<string, unknown>>> {
  const data = await graphql<Record<string, { errors: unknown[] } & Record<string, unknown>>>(
    request,
    token,
    query,
    variables,
  );
  for (const result of Object.values(data)) expect(result.errors).toEqual([]);
  return data;
}

async function addBill(
  request: APIRequestContext,
  token: string,
  agreementId: number,
  bill: { nickname: string; amount: string },
): Promise<void> {
  const { billingCategories } = await graphql<{ billingCategories: { id: number }[] }>(
    request,
    token,
    '{ billingCategories { id } }',
    {},
  );
  await noErrors(request, token, `mutation ($input: BillerInput!) { saveBiller(input: $input) { ${ERRORS} } }`, {
    input: {
      contractId: agreementId,
      billingCategoryId: billingCategories[0].id,
      nickname: bill.nickname,
      paymentType: 1,
      bsbNumber: '062000',
      eftAccountNumber: '12345678',
      eftAccountName: 'L Taylor',
      expectedBillValue: bill.amount,
      billingFrequency: 3,
      isExactDateOfBillKnown: true,
      dateOfBill: addDays(e2eToday(), 20),
      doesAmountVaryFromBillToBill: false,
      isAutoPaymentBill: false,
    },
  });
}

/** Liam's account with a running agreement: set up, activated by staff, approved by Liam, applied. */
async function runningAgreement(request: APIRequestContext): Promise<Account> {
  const token = await staffToken(request);
  const { searchMembers } = await graphql<{
    searchMembers: { memberId: number; accounts: { accountId: number }[] }[];
  }>(
    request,
    token,
    `query { searchMembers(searchString: "${LIAM.username}", resultCount: 5) { memberId accounts { accountId } } }`,
    {},
  );
  const memberId = searchMembers[0].memberId;
  const accountId = searchMembers[0].accounts[0].accountId;
  const account = { memberId, accountId, base: `/member/${memberId}/account/${accountId}` };
  const started = await noErrors(
    request,
    token,
    `mutation($m: Int!, $a: Int!) { startNewAgreement(memberId: $m, accountId: $a) { wizard { agreementId } ${ERRORS} } }`,
    { m: memberId, a: accountId },
  );
  const agreementId = (started.startNewAgreement.wizard as { agreementId: number }).agreementId;
  await addBill(request, token, agreementId, { nickname: 'Rent', amount: '100.00' });
  await noErrors(
    request,
    token,
    `mutation ($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) { ${ERRORS} } }`,
    {
      id: agreementId,
      input: {
        contributionFrequency: 2,
        contributionAmount: '100.00',
        contributionDate: e2eToday(),
        depositType: 1,
        remitterName: 'Employer',
        remitterNumber: '12345',
      },
    },
  );
  await noErrors(
    request,
    token,
    `mutation ($input: CapacityInputType!) { saveAgreementCapacity(input: $input) { ${ERRORS} } }`,
    { input: { contractId: agreementId, paymentCapacityConfirmed: true, newNoteText: '' } },
  );
  await noErrors(
    request,
    token,
    `mutation($id: Int!, $p: WizardPositionInput!) { saveAgreementWizardPosition(agreementId: $id, position: $p) { ${ERRORS} } }`,
    { id: agreementId, p: { step: 8, mode: null } },
  );
  await noErrors(request, token, `mutation($id: Int!) { activateAgreement(agreementId: $id) { ${ERRORS} } }`, {
    id: agreementId,
  });
  const member = await tokenOf(request, LIAM);
  await noErrors(request, member, `mutation($id: Int!) { approveAgreement(agreementId: $id) { ${ERRORS} } }`, {
    id: agreementId,
  });
  await untilModifiable(request, account);
  return account;
}

/** Until the account's agreement runs and may be modified (the apply job has applied what was approved). */
async function untilModifiable(request: APIRequestContext, account: Account): Promise<void> {
  const token = await staffToken(request);
  await expect
    .poll(
      async () =>
        (
          await graphql<{ agreementWizardEntries: { modify: { allowed: boolean } } }>(
            request,
            token,
            'query($a: Int!, $m: Int!) { agreementWizardEntries(accountId: $a, memberId: $m) { modify { allowed } } }',
            { a: account.accountId, m: account.memberId },
          )
        ).agreementWizardEntries.modify.allowed,
      { timeout: 60_000, intervals: [500, 1_000] },
    )
    .toBe(true);
}

/** Staff modify the agreement (a bill Liam pays by hand) and save all: it is sent to Liam. */
async function sendChange(request: APIRequestContext, account: Account, nickname: string, amount: string) {
  const token = await staffToken(request);
  const started = await noErrors(
    request,
    token,
    `mutation($m: Int!, $a: Int!) { startAgreementModification(memberId: $m, accountId: $a) { wizard { agreementId } ${ERRORS} } }`,
    { m: account.memberId, a: account.accountId },
  );
  const versionId = (started.startAgreementModification.wizard as { agreementId: number }).agreementId;
  await addBill(request, token, versionId, { nickname, amount });
  const saved = await noErrors(
    request,
    token,
    `mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) { outcome { status } ${ERRORS} } }`,
    { id: versionId },
  );
  expect(saved.saveAllAgreementChanges.outcome).toEqual({ status: 'ModificationPendingApproval' });
  return versionId;
}

async function signedIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await signIn(page, user);
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
}

/** The member, on their overview, is asked to review the change and opens it. */
async function memberOpensTheChange(page: Page, account: Account) {
  await signedIn(page, LIAM);
  await page.goto(`${account.base}/overview`);
  const notice = page.getByTestId('change-waiting');
  await expect(notice).toContainText('Changes to your agreement wait for your approval', { timeout: 60_000 });
  await notice.getByRole('link', { name: 'Review the changes' }).click();
  const review = page.getByTestId('change-review');
  await expect(review).toBeVisible({ timeout: 60_000 });
  return review;
}

/** The history (the overview's activities): the newest lines, as the signed-in person sees them. */
async function historyOf(page: Page, account: Account) {
  await page.goto(`${account.base}/overview`);
  const overview = new OverviewPage(page);
  await overview.expectLoaded();
  return overview.activities();
}

test.describe.serial('the member approves or declines a change', () => {
  test.use({ bypassCSP: true });
  test.setTimeout(300_000);
  let account: Account;

  test('staff see it waits; the member reviews it (a bill paid by hand, the forecast) and declines it', async ({
    page,
    request,
    browser,
  }) => {
    account = await runningAgreement(request);
    await sendChange(request, account, 'Garden service', '80.00');

    // Staff see that it waits for the member.
    const staffContext = await newContextOnRunClock(browser);
    const staff = await staffContext.newPage();
    try {
      await signedIn(staff, AGENT);
      await staff.goto(`${account.base}/overview`);
      await expect(staff.getByTestId('change-waiting')).toHaveText(/The changes wait for the member’s approval/, {
        timeout: 60_000,
      });
    } finally {
      await staffContext.close();
    }

    const review = await memberOpensTheChange(page, account);
    await expect(review.getByRole('list', { name: 'Billers added' })).toContainText(
      'Garden service: $80.00 per month (you pay it yourself)',
    );
    await expect(review.getByRole('list', { name: 'Bills you pay yourself' })).toContainText('Garden service');
    await expect(page.getByRole('region', { name: 'Forecast' })).toBeVisible();
    await expect(page.getByTestId('change-deposit')).toContainText('$100.00 fortnightly');

    await review.getByRole('button', { name: 'Decline the changes' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Why you decline (optional)').fill('Not this month');
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await expect(page.getByText('The changes have been declined. Your agreement stays as it was.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveURL(new RegExp(`${account.base}/overview`));
    await expect(page.getByTestId('change-waiting')).toHaveCount(0);
    await expect(new OverviewPage(page).billersTable('Bills paid manually')).not.toContainText('Garden service');

    // The history says so.
    const history = await historyOf(page, account);
    await expect(history.items().filter({ hasText: 'Changes declined by the member' })).toHaveCount(1, {
      timeout: 30_000,
    });
  });

  test('staff withdraw the next change before the member decides; the member’s open review follows it', async ({
    page,
    request,
    browser,
  }) => {
    await sendChange(request, account, 'Pool service', '60.00');
    const review = await memberOpensTheChange(page, account);
    await expect(review.getByRole('button', { name: 'Approve the changes' })).toBeVisible();

    const staffContext = await newContextOnRunClock(browser);
    const staff = await staffContext.newPage();
    try {
      await signedIn(staff, AGENT);
      await staff.goto(`${account.base}/overview`);
      await staff.getByTestId('change-waiting').getByRole('link', { name: 'See the changes' }).click();
      const staffReview = staff.getByTestId('change-review');
      // Staff neither approve nor decline for the member; they may take the change back.
      await expect(staffReview.getByRole('button', { name: 'Approve the changes' })).toHaveCount(0);
      await staffReview.getByRole('button', { name: 'Withdraw the changes' }).click();
      const dialog = staff.getByRole('alertdialog', { name: 'Withdraw the changes?' });
      await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await expect(dialog.getByText('Please enter a reason.')).toBeVisible();
      await dialog.getByLabel('Reason').fill('Sent with the wrong amount');
      await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await expect(
        staff.getByText('The change has been withdrawn. The agreement in force runs on as it was.'),
      ).toBeVisible({ timeout: 30_000 });
      await expect(staff).toHaveURL(new RegExp(`${account.base}/overview`));
    } finally {
      await staffContext.close();
    }

    // The member's review, open all along, no longer asks them (no reload).
    await expect(page.getByRole('button', { name: 'Approve the changes' })).toHaveCount(0, { timeout: 30_000 });
    const history = await historyOf(page, account);
    await expect(history.items().filter({ hasText: 'withdrawn by staff' })).toHaveCount(1, { timeout: 30_000 });
  });

  test('the member approves the next change: it is applied; the history shows what changed, before → after', async ({
    page,
    request,
  }) => {
    await sendChange(request, account, 'Window cleaning', '45.00');
    const review = await memberOpensTheChange(page, account);
    await expect(review.getByRole('list', { name: 'Billers added' })).toContainText(
      'Window cleaning: $45.00 per month',
    );
    await review.getByRole('button', { name: 'Approve the changes' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(page.getByText('Thank you. The changes are approved and will be applied shortly.')).toBeVisible({
      timeout: 30_000,
    });
    await expect(page).toHaveURL(new RegExp(`${account.base}/overview`));

    // Applied by the job: the member's overview lists the bill they pay by hand.
    const overview = new OverviewPage(page);
    await expect(overview.billersTable('Bills paid manually')).toContainText('Window cleaning', { timeout: 60_000 });

    const history = await historyOf(page, account);
    await expect(history.items().filter({ hasText: 'Agreement approved by the member' }).first()).toBeVisible();
    const sent = history
      .items()
      .filter({ hasText: /fields? changed/ })
      .first();
    await sent.getByRole('button', { name: /^Details/ }).click();
    const details = page.getByRole('dialog');
    await expect(details).toContainText('Billers added');
    await expect(details).toContainText('Window cleaning ($45.00 per month)');
  });
});
