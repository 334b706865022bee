import { BillDashboardPage, PayBillPage, notDueYet } from './bills-pages.js';
import { expect, test, type Page } from './fixtures.js';
import { LoginPage, SelectAccountPage } from './pages.js';
import { seriousViolations } from './axe.js';

/*
 * The portal as a member and staff use it (issue 8), clicked as a person does, on the demo data of the run's clock.
 * Member 100001's active agreement has fortnightly Rent bills, some not due yet; linked account Everyday 30000001.
 */

async function signIn(page: Page, username: string, password = 'member-demo-pass'): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username, password);
}

async function memberOverview(page: Page): Promise<{ memberId: number; accountId: number }> {
  await signIn(page, '100001');
  await new SelectAccountPage(page).open(0);
  await expect(page).toHaveURL(/\/member\/\d+\/account\/\d+\/overview/);
  const [, memberId, accountId] = /\/member\/(\d+)\/account\/(\d+)\//.exec(page.url()) ?? [];
  return { memberId: Number(memberId), accountId: Number(accountId) };
}

test.describe('amounts', () => {
  test.use({ bypassCSP: true });
  test.slow(); // two cores shared by several engineers' test runs

  test('the pay screen never loses a typed amount without a word, one error at a time', async ({ page }) => {
    const { memberId, accountId } = await memberOverview(page);
    const dashboard = new BillDashboardPage(page);
    await dashboard.open(memberId, accountId);
    await dashboard.pay('Rent', await dashboard.dueDate('Rent', notDueYet));
    await new PayBillPage(page).expectOpen('bill');
    const amount = page.getByLabel('Amount');
    const form = page.locator('form');
    await amount.fill('');
    await amount.pressSequentially('12.34');
    await amount.press('.');
    await expect(amount).toHaveValue('12.34');
    await expect(form.getByRole('alert')).toHaveText("Can't have multiple decimal points in amount 12.34.");
    await amount.press('9');
    await expect(amount).toHaveValue('12.34');
    await expect(form.getByRole('alert')).toHaveText(/more than two digits after the decimal point/);
    await amount.fill('');
    await amount.pressSequentially('$5a');
    await expect(amount).toHaveValue('5');
    await expect(form.getByRole('status')).toHaveText('Only digits and a decimal point can be entered: left out “a”.');
    await amount.fill('0');
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(form.getByRole('alert')).toHaveCount(1);
    await expect(form.getByRole('alert')).toHaveText('Please enter an amount greater than $0.00.');
    await amount.fill('12.3');
    await amount.blur();
    await expect(amount).toHaveValue('12.30');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the rainy-day top-up names the chosen account’s available balance as its limit', async ({ page }) => {
    const { memberId, accountId } = await memberOverview(page);
    await new BillDashboardPage(page).open(memberId, accountId);
    await page.getByRole('button', { name: 'Top up rainy day' }).click();
    const dialog = page.getByRole('dialog', { name: 'Top up rainy day' });
    await dialog.getByLabel('From account').selectOption('30000001');
    await expect(dialog.getByText(/^Up to \$[\d,]+\.\d{2} available in /)).toBeVisible();
    await dialog.getByLabel('Amount').fill('99999');
    await dialog.getByRole('button', { name: 'Top up' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      /^The amount is above the \$[\d,]+\.\d{2} available in the chosen account\.$/,
    );
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(dialog.getByLabel('Amount')).toBeInViewport();
  });
});
