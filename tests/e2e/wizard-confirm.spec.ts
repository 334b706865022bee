import { execFileSync } from 'node:child_process';
import { addDays } from '../../server/src/shared/local-date.js';
import { DEFAULT_CLIENT_SETTINGS } from '../../server/src/modules/settings/settings.defaults.js';
import { e2eToday } from './clock.js';
import { expect, test, type Page } from './fixtures.js';
import {
  AGENT,
  graphql,
  memberOnOverview,
  MemberSearch,
  overflowsHorizontally,
  seriousViolations,
  signIn,
  staffToken,
} from './portal-pages.js';

/**
 * Capacity → preferences → confirm in the browser (spec 3 §2-§5, §7; issue 12 items 4-7): staff on a new agreement
 * for 100006 (a biller and fortnightly deposits set up through GraphQL) confirm capacity, choose preferences, tick
 * the confirmations, download Contract_Confirm.pdf and read it back; then a member changes their own preferences.
 */

const NAME = 'Liam Taylor'; // 100006: an account with no agreement yet
const BILLER = `Water ${Date.now() % 100000}`;

interface Session {
  agreementId: number;
  accountId: number;
}

async function openVersion(page: Page, step = 5): Promise<Session> {
  const token = await staffToken(page.request);
  const found = await graphql<{
    searchMembers: { memberId: number; lastName: string; accounts: { accountId: number }[] }[];
  }>(
    page.request,
    token,
    'query($s: String!) { searchMembers(searchString: $s, resultCount: 5) { memberId lastName accounts { accountId } } }',
    { s: 'taylor' },
  );
  const row = found.searchMembers.find((m) => m.lastName === 'Taylor' && m.accounts.length > 0)!;
  const wizard = 'wizard { agreementId accountId step } errors { code message }';
  const started = await page.request.post('/graphql', {
    headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
    data: {
      query: `mutation($m: Int!, $a: Int!) { startNewAgreement(memberId: $m, accountId: $a) { ${wizard} } }`,
      variables: { m: row.memberId, a: row.accounts[0].accountId },
    },
  });
  let session = ((await started.json()) as { data: { startNewAgreement: { wizard: Session | null } } }).data
    .startNewAgreement.wizard;
  if (!session) {
    session = (
      await graphql<{ agreementWizardToContinue: { wizard: Session } }>(
        page.request,
        token,
        `query($m: Int!, $a: Int!) { agreementWizardToContinue(memberId: $m, accountId: $a) { ${wizard} } }`,
        { m: row.memberId, a: row.accounts[0].accountId },
      )
    ).agreementWizardToContinue.wizard;
  }
  const { billingCategories } = await graphql<{ billingCategories: { id: number }[] }>(
    page.request,
    token,
    '{ billingCategories { id } }',
    {},
  );
  const saved = await graphql<{ saveBiller: { errors: unknown[] } }>(
    page.request,
    token,
    'mutation ($input: BillerInput!) { saveBiller(input: $input) { errors { code field message } } }',
    {
      input: {
        contractId: session.agreementId,
        billingCategoryId: billingCategories[0].id,
        nickname: BILLER,
        paymentType: 1,
        bsbNumber: '062000',
        eftAccountNumber: '12345678',
        eftAccountName: 'L Taylor',
        expectedBillValue: '250.00',
        billingFrequency: 5,
        isExactDateOfBillKnown: true,
        dateOfBill: addDays(e2eToday(), 70),
        doesAmountVaryFromBillToBill: false,
        isAutoPaymentBill: false,
      },
    },
  );
  expect(saved.saveBiller.errors).toEqual([]);
  const deposits = await graphql<{ saveAgreementDeposits: { errors: unknown[] } }>(
    page.request,
    token,
    'mutation ($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) { errors { code message } } }',
    {
      id: session.agreementId,
      input: {
        contributionFrequency: 2,
        contributionDate: e2eToday(),
        depositType: 1,
        remitterName: 'Harbour Cafe Pty Ltd',
        remitterNumber: 'HC-0042',
      },
    },
  );
  expect(deposits.saveAgreementDeposits.errors).toEqual([]);
  await graphql(
    page.request,
    token,
    'mutation ($id: Int!, $step: Int!) { saveAgreementWizardPosition(agreementId: $id, position: { step: $step, mode: null }) { errors { code message } } }',
    { id: session.agreementId, step },
  );
  return session;
}

async function accountBase(page: Page): Promise<string> {
  const search = new MemberSearch(page);
  await search.byText('taylor');
  const href =
    (await search
      .results()
      .filter({ hasText: NAME })
      .getByRole('link', { name: new RegExp(`^Open account .* of ${NAME}$`) })
      .first()
      .getAttribute('href')) ?? '';
  const base = /^\/member\/\d+\/account\/\d+/.exec(href)?.[0] ?? '';
  expect(base).not.toBe('');
  return base;
}

let cleanup: number | null = null;

test.describe('capacity, preferences and confirm', () => {
  test.use({ bypassCSP: true });
  test.setTimeout(150_000);

  test.afterEach(async ({ request }) => {
    if (cleanup === null) return;
    const token = await staffToken(request);
    await graphql(
      request,
      token,
      'mutation($id: Int!) { cancelAgreementWizard(agreementId: $id, flow: Create) { discarded errors { code message } } }',
      { id: cleanup },
    );
    cleanup = null;
  });

  test('staff confirm capacity, choose preferences, tick the confirmations and print the agreement', async ({
    page,
  }) => {
    await signIn(page, AGENT);
    const session = await openVersion(page);
    cleanup = session.agreementId;
    const base = await accountBase(page);
    await page.goto(`${base}/contract/continue`);

    // Capacity to pay: the confirmation is required (the client setting's warning), the note is optional.
    const capacity = page.getByRole('region', { name: 'Capacity to pay' });
    await expect(capacity.getByTestId('wizard-step-capacity')).toBeVisible({ timeout: 30_000 });
    await capacity.getByRole('button', { name: 'Next' }).click();
    await expect(capacity.getByText(DEFAULT_CLIENT_SETTINGS.capacityToPayWarning)).toBeVisible();
    await expect(capacity.getByText(DEFAULT_CLIENT_SETTINGS.bankStatementCheckQuestion)).toBeVisible();
    await capacity.getByRole('checkbox', { name: DEFAULT_CLIENT_SETTINGS.capacityToPayWording }).check({ force: true });
    await capacity.getByLabel('Note for the agreement (optional)').fill('Payslips seen in branch');
    const question = capacity.getByRole('checkbox', { name: DEFAULT_CLIENT_SETTINGS.bankStatementCheckQuestion });
    await question.check({ force: true });
    expect(await seriousViolations(page)).toEqual([]);
    await capacity.getByRole('button', { name: 'Next' }).click();

    // Preferences: the member's default, the five events on.
    const preferences = page.getByRole('region', { name: 'Preferences' });
    await expect(preferences.getByTestId('wizard-step-preferences')).toBeVisible({ timeout: 15_000 });
    // Back to capacity: the checklist answer was saved with the agreement and is ticked again.
    await preferences.getByRole('button', { name: 'Back' }).click();
    await expect(question).toBeChecked({ timeout: 15_000 });
    await expect(
      capacity.getByRole('checkbox', { name: DEFAULT_CLIENT_SETTINGS.membersWagesCheckQuestion }),
    ).not.toBeChecked();
    await capacity.getByRole('button', { name: 'Next' }).click();
    await expect(preferences.getByTestId('wizard-step-preferences')).toBeVisible({ timeout: 15_000 });
    await expect(preferences.getByRole('checkbox', { name: 'Short-paid bill' })).toBeChecked();
    const choice = preferences.getByRole('radiogroup', { name: `How ${NAME} is told` });
    await choice.getByRole('radio', { name: 'None' }).check({ force: true });
    await preferences.getByRole('button', { name: 'Next' }).click();
    await expect(
      preferences.getByText(
        'At least one member must be contactable via email or SMS. Please make a preferred contact method selection.',
      ),
    ).toBeVisible();
    await choice.getByRole('radio', { name: 'Email' }).check({ force: true });
    expect(await seriousViolations(page)).toEqual([]);
    await preferences.getByRole('button', { name: 'Next' }).click();

    // Confirm: the biller, the summary, all six confirmations before continuing.
    const confirm = page.getByRole('region', { name: 'Confirm' });
    await expect(confirm.getByTestId('wizard-step-confirm')).toBeVisible({ timeout: 15_000 });
    await expect(confirm.getByTestId('confirm-manual')).toContainText(BILLER);
    await expect(confirm.getByTestId('confirm-manual')).toContainText('Added');
    const amount = (await confirm.getByTestId('confirm-deposit-amount').textContent()) ?? '';
    expect(amount).toMatch(/^\$[\d,]+\.\d{2}$/);
    const next = confirm.getByRole('button', { name: 'Continue' });
    await expect(next).toBeDisabled();
    const statements = DEFAULT_CLIENT_SETTINGS.termsConfirmationChecklist;
    for (const statement of statements.slice(0, 5))
      await confirm.getByRole('checkbox', { name: statement }).check({ force: true });
    await expect(next).toBeDisabled();
    await confirm.getByRole('checkbox', { name: statements[5] }).check({ force: true });
    await expect(next).toBeEnabled();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      confirm.getByRole('button', { name: 'Print to PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Contract_Confirm.pdf');
    const file = `test-results/Contract_Confirm-${Date.now()}.pdf`;
    await download.saveAs(file);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
    expect(text).toContain(NAME);
    expect(text).toContain(BILLER);
    expect(text).toContain(`Deposit amount: ${amount}`);
    expect(text).toContain('Printed on');
    expect(text).toContain('Powered by BillSmoothing ©');

    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(confirm.getByTestId('wizard-step-confirm')).toBeVisible();
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.screenshot({ path: 'test-results/wizard-confirm-375.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await next.click();
    await expect(page.getByRole('region', { name: 'Activate' })).toBeVisible({ timeout: 15_000 });
  });

  test('staff send the approval notification from the confirm page; the captured e-mail carries its preview', async ({
    page,
  }) => {
    await signIn(page, AGENT);
    const session = await openVersion(page, 7);
    cleanup = session.agreementId;
    const base = await accountBase(page);
    await page.goto(`${base}/contract/continue`);
    const confirm = page.getByRole('region', { name: 'Confirm' });
    await expect(confirm.getByTestId('wizard-step-confirm')).toBeVisible({ timeout: 30_000 });
    await confirm.getByRole('button', { name: 'Notify member' }).click();

    const dialog = page.getByTestId('approval-notify-dialog');
    const subject = 'Your bill smoothing agreement is ready for you to approve';
    await expect(dialog.getByTestId('approval-email-subject')).toHaveText(subject, { timeout: 30_000 });
    const body = (await dialog.getByTestId('approval-email-body').textContent()) ?? '';
    // The bank's template (member notices, issue 22): the agreement, the bank, and what to do.
    expect(body).toContain(`agreement ${session.agreementId} with Harbourside Mutual Bank is ready.`);
    expect(body).toContain('What to do: please sign in, read it through and approve it.');
    await expect(dialog.getByTestId('approval-sms-body')).toContainText(`agreement ${session.agreementId} is ready`);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.getByText('Notification has been successfully queued and will be sent shortly.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto('/messages');
    const mail = page
      .getByTestId('captured-message')
      .filter({ hasText: subject })
      .filter({ hasText: `agreement ${session.agreementId} ` });
    await expect(mail.first()).toBeVisible({ timeout: 30_000 });
    await expect(mail.first().locator('[data-field="recipients"]')).toHaveText('liam.taylor@example.com');
    await expect(mail.first().locator('[data-field="body"]')).toContainText(body);
  });

  test('a member changes their own preferences on the profile page', async ({ page }) => {
    const overview = await memberOnOverview(page);
    await overview.openAgreementMenuItem('Profile & preferences');
    const form = page.getByTestId('profile-preferences-form');
    await expect(form).toBeVisible({ timeout: 15_000 });
    await form.getByRole('radio', { name: 'SMS' }).check({ force: true });
    // Checked before the toast (the shared toast's contrast is not this page's).
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('You have successfully updated your profile.')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.screenshot({ path: 'test-results/profile-preferences-375.png', fullPage: true });
    await form.getByRole('radio', { name: 'Email' }).check({ force: true });
    await form.getByRole('button', { name: 'Save preferences' }).click();
    await expect(page.getByText('You have successfully updated your profile.').first()).toBeVisible();
  });
});
