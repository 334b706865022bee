import { seriousViolations } from './axe.js';
import { expect, test, type Page } from './fixtures.js';
import { BillDashboardPage } from './bills-pages.js';
import { LoginPage, SelectAccountPage } from './pages.js';

/*
 * More bill screens against the real server and the demo data (runs after bills-journeys.spec.ts in the same
 * database): member 100001's active agreement, linked accounts Everyday 30000001 (thousands of dollars, less than
 * $99,999) and Bills saver 30000002 (due dates follow the run's clock: read from the dashboard).
 */

async function memberDashboard(page: Page): Promise<BillDashboardPage> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn('100001', 'member-demo-pass');
  await new SelectAccountPage(page).open(0);
  await expect(page).toHaveURL(/\/member\/\d+\/account\/\d+\/overview/);
  const [, memberId, accountId] = /\/member\/(\d+)\/account\/(\d+)\//.exec(page.url()) ?? [];
  const dashboard = new BillDashboardPage(page);
  await dashboard.open(Number(memberId), Number(accountId));
  return dashboard;
}

test.describe('bill screens', () => {
  test.use({ bypassCSP: true });

  test('the rainy-day top-up checks the account and amount, then tops up once', async ({ page }) => {
    await memberDashboard(page);
    await page.getByRole('button', { name: 'Top up rainy day' }).click();
    const dialog = page.getByRole('dialog', { name: 'Top up rainy day' });
    await dialog.getByRole('button', { name: 'Top up' }).click();
    await expect(dialog.getByText('Please choose an account.')).toBeVisible();
    await expect(dialog.getByText('The amount must be greater than $0.00.')).toBeVisible();
    await dialog.getByLabel('From account').selectOption('30000001');
    await dialog.getByLabel('Amount').fill('99999');
    await dialog.getByRole('button', { name: 'Top up' }).click();
    await expect(
      dialog.getByText(/^The amount is above the \$[\d,]+\.\d{2} available in the chosen account\.$/),
    ).toBeVisible();
    await dialog.getByLabel('Amount').fill('25');
    let topUps = 0;
    page.on('request', (request) => {
      if (request.postData()?.includes('TopUpRainyDay')) topUps += 1;
    });
    await dialog.getByRole('button', { name: 'Top up' }).dblclick();
    await expect(page.getByText('Rainy day topped up successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(topUps).toBe(1);
  });

  test('a member reimburses a bill to a linked account and sees the reimbursement confirmation', async ({ page }) => {
    const dashboard = await memberDashboard(page);
    // Which biller's failed payment put it on hold depends on the day's demo data: the first bill not on hold
    // (an Unknown payment type is reimbursed as an allocation, another screen).
    await dashboard.reimburseFirstNotOnHold();
    await expect(page.getByRole('heading', { name: 'Reimburse bill' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Confirm reimbursement' }).click();
    await expect(page.getByText('Please select a linked savings account.')).toBeVisible();
    await page.getByLabel('Reimburse to').selectOption('30000002');
    await page.getByRole('button', { name: 'Confirm reimbursement' }).click();
    const review = page.getByRole('dialog', { name: 'Confirm reimburse bills' });
    await expect(review).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await review.getByRole('button', { name: 'Confirm reimburse' }).click();
    await expect(page.getByText('Bill reimbursed successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reimbursement confirmation' })).toBeVisible();
    await expect(page.getByTestId('confirmation-summary')).toContainText('30000002');
  });

  test('a manager approves on the agent’s screen with their own password (supervisor override)', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('agent', 'agent-demo-pass');
    await expect(page).toHaveURL(/\/dashboard/);
    const dashboard = new BillDashboardPage(page);
    await dashboard.open(2, 3); // member 100002, in Missed Deposit
    await dashboard.pay('Mobile phone', await dashboard.dueDate('Mobile phone'));
    const dialog = page.getByRole('dialog', { name: 'Manager approval' });
    await dialog.getByLabel('Manager username').fill('manager');
    await dialog.getByLabel('Note').fill('Approved at the desk');
    await dialog.getByLabel('Manager password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Approve and continue' }).click();
    await expect(dialog.getByText('The manager username or password is incorrect.')).toBeVisible();
    await dialog.getByLabel('Manager password').fill('manager-demo-pass');
    await dialog.getByRole('button', { name: 'Approve and continue' }).click();
    // An Unknown payment type is paid as a category bill.
    await expect(page.getByRole('heading', { name: 'Pay category bill' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await page.getByRole('dialog', { name: 'Confirm pay bills' }).getByRole('button', { name: 'Confirm pay' }).click();
    await expect(page.getByRole('heading', { name: 'Payment confirmation' })).toBeVisible();
    await expect(page.getByTestId('confirmation-summary')).toContainText('Paid asCategory bill');
  });

  test('the bill dashboard has no serious accessibility violations', async ({ page }) => {
    await memberDashboard(page);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
