import type { APIRequestContext } from '@playwright/test';
import { addDays } from '../../server/src/shared/local-date.js';
import { e2eToday } from './clock.js';
import { expect, test, type Page } from './fixtures.js';
import { AGENT, graphql, seriousViolations, signIn, staffToken } from './portal-pages.js';

/**
 * Step 3 of the agreement wizard (spec 2 §3-§5): the biller details form and the sub-category form. The wizard is
 * placed at step 3 over GraphQL (saveAgreementWizardPosition, as the pickers do), then filled in the browser: bad
 * input first on each field (the message at the field, nothing saved), then a good save and where it leads.
 */

interface Place {
  memberId: number;
  accountId: number;
  agreementId: number;
}

async function accountOf(request: APIRequestContext, token: string, memberNumber: string, accountIndex = 0) {
  const found = await graphql<{
    searchMembers: {
      memberId: number;
      memberNumber: string;
      accounts: { accountId: number; agreementId: number | null }[];
    }[];
  }>(
    request,
    token,
    'query($s: String!) { searchMembers(searchString: $s) { memberId memberNumber accounts { accountId agreementId } } }',
    { s: memberNumber },
  );
  const member = found.searchMembers.find((m) => m.memberNumber === memberNumber);
  expect(member).toBeDefined();
  return { memberId: member!.memberId, accountId: member!.accounts[accountIndex].accountId };
}

const WIZARD = 'wizard { agreementId step } errors { code message }';

async function startNew(request: APIRequestContext, token: string): Promise<Place> {
  const account = await accountOf(request, token, '100006');
  const started = await graphql<{ startNewAgreement: { wizard: { agreementId: number } | null } }>(
    request,
    token,
    `mutation($m: Int!, $a: Int!) { startNewAgreement(memberId: $m, accountId: $a) { ${WIZARD} } }`,
    { m: account.memberId, a: account.accountId },
  );
  let agreementId = started.startNewAgreement.wizard?.agreementId;
  if (!agreementId) {
    const open = await graphql<{ agreementWizardToContinue: { wizard: { agreementId: number } } }>(
      request,
      token,
      `query($m: Int!, $a: Int!) { agreementWizardToContinue(memberId: $m, accountId: $a) { ${WIZARD} } }`,
      { m: account.memberId, a: account.accountId },
    );
    agreementId = open.agreementWizardToContinue.wizard.agreementId;
  }
  return { ...account, agreementId };
}

async function position(
  request: APIRequestContext,
  token: string,
  agreementId: number,
  position: Record<string, number | boolean | null>,
) {
  const saved = await graphql<{ saveAgreementWizardPosition: { errors: { message: string }[] } }>(
    request,
    token,
    `mutation($id: Int!, $p: WizardPositionInput!) { saveAgreementWizardPosition(agreementId: $id, position: $p) { ${WIZARD} } }`,
    { id: agreementId, p: position },
  );
  expect(saved.saveAgreementWizardPosition.errors).toEqual([]);
}

async function categoryAndCompany(request: APIRequestContext, token: string, categoryName: RegExp) {
  const categories = await graphql<{ billingCategories: { id: number; name: string }[] }>(
    request,
    token,
    '{ billingCategories { id name } }',
    {},
  );
  const category =
    categories.billingCategories.find((c) => categoryName.test(c.name)) ?? categories.billingCategories[0];
  const companies = await graphql<{ popularCompanies: { id: number; name: string; paymentTypes: number[] }[] }>(
    request,
    token,
    'query($c: Int!) { popularCompanies(categoryId: $c) { id name paymentTypes } }',
    { c: category.id },
  );
  return { category, companies: companies.popularCompanies };
}

async function billerCount(request: APIRequestContext, token: string, agreementId: number): Promise<number> {
  const list = await graphql<{ wizardBillingItems: unknown[] }>(
    request,
    token,
    'query($c: Int!) { wizardBillingItems(contractId: $c) { id } }',
    { c: agreementId },
  );
  return list.wizardBillingItems.length;
}

function continueUrl(place: Place) {
  return `/member/${place.memberId}/account/${place.accountId}/contract/continue`;
}

async function openStep3(page: Page, place: Place) {
  await page.goto(continueUrl(place));
  await expect(
    page.getByRole('region', { name: 'Biller details' }).getByRole('button', { name: /^Save / }),
  ).toBeVisible({
    timeout: 20_000,
  });
}

async function signInAsAgent(page: Page) {
  await signIn(page, AGENT);
  await expect(page.getByText(`Signed in as ${AGENT.name}`)).toBeVisible();
}

/** Back on the list after a save that alters the deposits: the message saying they are worked out again. */
const savedForDeposits = (page: Page) =>
  page.getByRole('region', { name: 'Billers' }).getByText(/has been saved\. The deposits will be worked out again/);

const step = (page: Page) => page.getByRole('region', { name: 'Biller details' });

/** The message shown at a field (its group's alert), not somewhere else on the page. */
async function expectFieldError(page: Page, role: 'textbox' | 'combobox', name: string, message: string) {
  const field = step(page)
    .getByRole('group')
    .filter({ has: page.getByRole(role, { name, exact: true }) });
  await expect(field.getByRole('alert')).toHaveText(message);
}

test.describe('the biller details form (wizard step 3)', () => {
  test.use({ bypassCSP: true });
  test.setTimeout(240_000);

  test('staff add a BPAY, an EFT and a direct-debit biller and a sub-category to a new agreement', async ({
    page,
    request,
  }) => {
    const token = await staffToken(request);
    const place = await startNew(request, token);
    const { category, companies } = await categoryAndCompany(request, token, /gas/i);
    const today = e2eToday();
    await signInAsAgent(page);

    // --- BPAY ---
    await position(request, token, place.agreementId, {
      step: 3,
      mode: 1,
      categoryId: category.id,
      companyId: companies[0]?.id ?? null,
      itemType: 0,
    });
    await openStep3(page, place);
    const form = step(page);
    const before = await billerCount(request, token, place.agreementId);
    // The company chosen at step 2 fills the nickname and its BPAY biller code.
    await expect(form.getByLabel('Nickname')).toHaveValue(companies[0].name);
    await form.getByLabel('Nickname').fill('');
    await form.getByLabel('Payment type').selectOption('');
    await form.getByRole('button', { name: 'Save biller' }).click();
    await expectFieldError(page, 'textbox', 'Nickname', 'Please enter a nickname for the biller.');
    await expectFieldError(
      page,
      'combobox',
      'Payment type',
      'Please choose a payment type: BPAY, EFT, cheque, reimbursement or direct debit.',
    );
    await expectFieldError(
      page,
      'combobox',
      'How often does the bill come?',
      'Please choose how often the bill comes.',
    );
    expect(await billerCount(request, token, place.agreementId)).toBe(before);
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel('Nickname').fill('Kitchen gas');
    await form.getByLabel('Payment type').selectOption({ label: 'BPAY' });
    await form.getByLabel('BPAY biller code').fill('999999');
    await expectFieldError(page, 'textbox', 'BPAY biller code', 'Invalid BPAY biller code.');
    await form.getByLabel('BPAY biller code').fill('203752');
    await expect(form.getByText('Biller: Coral Coast Gas')).toBeVisible();
    // The reference is checked in full once there is an amount (spec 2 §5).
    await form.getByLabel('Expected amount of each bill').fill('180.50');
    await form.getByLabel('Customer reference number').fill('12345678901234567890123');
    await expect(form.getByText('Invalid customer reference number.')).toBeVisible();
    await form.getByLabel('Customer reference number').fill('12345678');
    await expect(form.getByText('Invalid customer reference number.')).toHaveCount(0);
    await form.getByLabel('Does the amount vary from bill to bill?').selectOption('no');
    // An amount below the biller's minimum: the live BPAY check says so at the amount, and the save waits.
    await form.getByLabel('Expected amount of each bill').fill('0');
    await expect(
      form
        .getByRole('group')
        .filter({ has: page.getByLabel('Expected amount of each bill') })
        .getByRole('alert'),
    ).toHaveText('The amount is lower than this biller allows.');
    await expect(form.getByRole('button', { name: 'Save biller' })).toBeDisabled();
    await form.getByLabel('Expected amount of each bill').fill('180.50');
    await form.getByLabel('How often does the bill come?').selectOption('5');
    await form.getByRole('textbox', { name: 'Date of the next bill', exact: true }).fill(addDays(today, -1));
    await form.getByRole('button', { name: 'Save biller' }).click();
    await expectFieldError(page, 'textbox', 'Date of the next bill', 'Bill date cannot be in the past.');
    expect(await billerCount(request, token, place.agreementId)).toBe(before);

    await form.getByLabel('Expected amount of each bill').fill('180.50');
    await form.getByRole('textbox', { name: 'Date of the next bill', exact: true }).fill(addDays(today, 20));
    await expect(form.getByText(/^\d{1,2} [A-Z][a-z]+, \d{4}$/)).toBeVisible(); // 'd MMMM, y'
    await form.getByRole('button', { name: 'Save biller' }).click();
    // A new biller alters the contract: back to the list, which says the deposits are worked out again (issue 26
    // item 7: a save returns to the list).
    await expect(savedForDeposits(page)).toBeVisible();
    expect(await billerCount(request, token, place.agreementId)).toBe(before + 1);

    // --- EFT ---
    await position(request, token, place.agreementId, {
      step: 3,
      mode: 1,
      categoryId: category.id,
      companyId: null,
      itemType: 0,
    });
    await openStep3(page, place);
    await form.getByLabel('Nickname').fill('Plumber account payments');
    await form.getByLabel('Payment type').selectOption({ label: 'EFT' });
    await form.getByRole('textbox', { name: 'BSB', exact: true }).fill('12a');
    await expectFieldError(page, 'textbox', 'BSB', 'Invalid Bsb number');
    await form.getByRole('textbox', { name: 'BSB', exact: true }).fill('062000');
    await expect(form.getByText(/^Bank: /)).toBeVisible();
    await form.getByRole('textbox', { name: 'Account number', exact: true }).fill('12');
    await form.getByLabel('Account name').fill('');
    await expect(form.getByRole('textbox', { name: 'Reference', exact: true })).toHaveAttribute(
      'placeholder',
      'Plumber account pa',
    );
    await form.getByLabel('Does the amount vary from bill to bill?').selectOption('yes');
    await form.getByLabel('Expected amount of each bill').fill('200');
    await expect(form.getByText(/A 10% contingency of \$20\.00/)).toBeVisible();
    await form.getByLabel('How often does the bill come?').selectOption('3');
    await form.getByRole('textbox', { name: 'Date of the next bill', exact: true }).fill(addDays(today, 10));
    // Beside the form: what each deposit would be with this bill, updated as the amount is typed (item 9).
    const weekly = page.getByTestId('preview-weekly').getByRole('cell').nth(2);
    await expect(weekly).toHaveText(/^\$\d/, { timeout: 15_000 });
    const weeklyBefore = await weekly.textContent();
    await expect(page.getByTestId('preview-lowest')).toContainText('Lowest forecast balance with this change');
    await form.getByLabel('Expected amount of each bill').fill('400');
    await expect(weekly).not.toHaveText(weeklyBefore ?? '', { timeout: 15_000 });
    await form.getByLabel('Expected amount of each bill').fill('200');
    await expect(weekly).toHaveText(weeklyBefore ?? '', { timeout: 15_000 });
    await form.getByRole('button', { name: 'Save biller' }).click();
    await expectFieldError(page, 'textbox', 'Account number', 'The account number must be 4 to 9 digits.');
    await expectFieldError(page, 'textbox', 'Account name', 'Please enter the account name.');
    await form.getByRole('textbox', { name: 'Account number', exact: true }).fill('12345678');
    await form.getByLabel('Account name').fill('A Plumber');
    await form.getByRole('button', { name: 'Save biller' }).click();
    await expect(savedForDeposits(page)).toBeVisible();
    expect(await billerCount(request, token, place.agreementId)).toBe(before + 2);

    // --- Direct debit ---
    await position(request, token, place.agreementId, {
      step: 3,
      mode: 1,
      categoryId: category.id,
      companyId: null,
      itemType: 0,
    });
    await openStep3(page, place);
    await form.getByLabel('Nickname').fill('Gym membership');
    await form.getByLabel('Does the amount vary from bill to bill?').selectOption('no');
    await form.getByText('Pay this bill automatically').click();
    await form.getByLabel('Payment type').selectOption({ label: 'Direct Debit' });
    // Direct debit forces amount-varies and auto-payment on, and assigns an account number.
    await expect(form.getByLabel('Does the amount vary from bill to bill?')).toHaveValue('yes');
    await expect(form.getByLabel('Direct debit account number')).toHaveValue(/^8[09]\d{7}$/);
    await expect(form.getByText('Please note the new BSB is 654-000 (former 704-640).')).toBeVisible();
    await expect(form.getByText('654-000', { exact: true })).toBeVisible();
    await form.getByLabel('Direct debit account number').fill('123456789');
    await expectFieldError(page, 'textbox', 'Direct debit account number', 'Invalid direct debit account number.');
    await expect(form.getByRole('button', { name: 'Save biller' })).toBeDisabled();
    await form.getByLabel('Direct debit account number').fill('');
    await form.getByLabel('Expected amount of each bill').fill('60');
    await expect(form.getByText(/A 10% contingency of \$6\.00/)).toBeVisible();
    await form.getByLabel('How often does the bill come?').selectOption('1');
    await form.getByRole('textbox', { name: 'Date of the next bill', exact: true }).fill(addDays(today, 3));
    await page.setViewportSize({ width: 375, height: 900 });
    await page.screenshot({ path: 'test-results/wizard-biller-form-375.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Save biller' }).click();
    await expect(savedForDeposits(page)).toBeVisible();
    expect(await billerCount(request, token, place.agreementId)).toBe(before + 3);

    // --- Sub-category ---
    await position(request, token, place.agreementId, {
      step: 3,
      mode: 1,
      categoryId: category.id,
      companyId: null,
      itemType: 1,
    });
    await openStep3(page, place);
    const sub = step(page);
    await sub.getByRole('button', { name: 'Save sub-category' }).click();
    await expectFieldError(page, 'textbox', 'Sub-category name', 'Please enter a name for the sub-category.');
    expect(await billerCount(request, token, place.agreementId)).toBe(before + 3);
    await sub.getByLabel('Sub-category name').fill('Winter heating');
    await sub.getByLabel('Expected amount of each bill').fill('90');
    await sub.getByLabel('How often does the bill come?').selectOption('10');
    await sub.getByLabel('First date').fill(addDays(today, 5));
    await sub.getByLabel('Second date').fill(addDays(today, 4));
    await sub.getByRole('button', { name: 'Save sub-category' }).click();
    // The save's refusal under the field (the edit preview may say the same beside it, once its own answer is in).
    await expect(sub.getByTestId('sub-category-form').getByText('Dates are not valid.')).toBeVisible();
    await sub.getByLabel('Second date').fill(addDays(today, 19));
    expect(await seriousViolations(page)).toEqual([]);
    await sub.getByRole('button', { name: 'Save sub-category' }).click();
    await expect(savedForDeposits(page)).toBeVisible();
    expect(await billerCount(request, token, place.agreementId)).toBe(before + 4);
    // Discard the draft: the account is the other wizard journeys' account without an agreement (they start their own).
    await graphql(
      request,
      token,
      'mutation($id: Int!) { cancelAgreementWizard(agreementId: $id, flow: Create) { discarded errors { message } } }',
      { id: place.agreementId },
    );
  });

  test('staff modify an active agreement: a rename returns to the list, an amount goes on to deposits', async ({
    page,
    request,
  }) => {
    const token = await staffToken(request);
    const account = await accountOf(request, token, '100001');
    const started = await graphql<{ startAgreementModification: { wizard: { agreementId: number } | null } }>(
      request,
      token,
      `mutation($m: Int!, $a: Int!) { startAgreementModification(memberId: $m, accountId: $a) { ${WIZARD} } }`,
      { m: account.memberId, a: account.accountId },
    );
    const agreementId = started.startAgreementModification.wizard?.agreementId;
    expect(agreementId).toBeDefined();
    const place = { ...account, agreementId: agreementId! };
    try {
      const billers = await graphql<{
        wizardBillers: {
          billerId: number;
          nickname: string;
          isLocked: boolean;
          hasOverdueBills: boolean;
          status: string;
          paymentType: number;
        }[];
      }>(
        request,
        token,
        'query($c: Int!) { wizardBillers(contractId: $c) { billerId nickname isLocked hasOverdueBills status paymentType } }',
        {
          c: place.agreementId,
        },
      );
      const target = billers.wizardBillers.find((b) => !b.isLocked && !b.hasOverdueBills && b.status === 'Active');
      expect(target).toBeDefined();
      await signInAsAgent(page);

      await position(request, token, place.agreementId, { step: 3, mode: 2, itemId: target!.billerId, itemType: 0 });
      await openStep3(page, place);
      const form = step(page);
      await expect(form.getByLabel('Nickname')).toHaveValue(target!.nickname);
      await form.getByLabel('Nickname').fill(`${target!.nickname} (renamed)`);
      await form.getByRole('button', { name: 'Save biller' }).click();
      await expect(page.getByRole('region', { name: 'Billers' })).toBeVisible();
      await expect(page.getByText('The biller has been successfully saved in this agreement.')).toBeVisible();

      await position(request, token, place.agreementId, { step: 3, mode: 2, itemId: target!.billerId, itemType: 0 });
      await openStep3(page, place);
      const amount = form.getByLabel('Expected amount of each bill');
      const current = Number(await amount.inputValue());
      await amount.fill((current + 25).toFixed(2));
      await form.getByRole('button', { name: 'Save biller' }).click();
      await expect(savedForDeposits(page)).toBeVisible();
    } finally {
      await graphql(
        request,
        token,
        'mutation($id: Int!) { cancelAgreementWizard(agreementId: $id, flow: Modify) { discarded errors { message } } }',
        { id: place.agreementId },
      );
    }
  });
});
