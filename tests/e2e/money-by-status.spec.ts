import { expect, test, type Page } from './fixtures.js';
import { newContextOnRunClock } from './clock.js';
import { LoginPage, SelectAccountPage } from './pages.js';

/*
 * Issue 26 item 4 in the browser, on the demo data: a resigned membership (100005) and a locked agreement (100003) move
 * no money. The screens say why in the server rule's words and offer no top-up; clicking Pay changes nothing.
 */
const RESIGNED = 'This membership has been resigned. Activity is therefore suspended on this agreement.';
const LOCKED = 'This agreement is locked. No money moves on it until staff lift the lock.';

async function signInTo(page: Page, username: string, password: string): Promise<string> {
  await new LoginPage(page).open();
  await new LoginPage(page).signIn(username, password);
  if (username === 'agent') return '';
  await new SelectAccountPage(page).open(0);
  await expect(page).toHaveURL(/\/member\/\d+\/account\/\d+\/overview/);
  return /\/member\/\d+\/account\/\d+/.exec(page.url())![0];
}

async function payFirstBill(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /^Pay .+ due \d{2}-\d{2}-\d{4}$/ })
    .first()
    .click();
}

/** The agreement dropdown's entries as the person sees them (opened from the main navigation). */
async function agreementMenu(page: Page): Promise<string[]> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Agreement/ })
    .click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const labels = (await items.allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  return labels;
}

test.describe('menus by role and status', () => {
  test('a member never sees Modify, Renew, Cancel or Manage; staff on the same account do', async ({
    page,
    browser,
  }) => {
    const base = await signInTo(page, '100001', 'member-demo-pass');
    await page.goto(`${base}/member/profile`);
    const member = await agreementMenu(page);
    expect(member).toEqual(expect.arrayContaining(['Agreement summary', 'Pay a bill']));
    for (const label of member) expect(label).not.toMatch(/Modify|Renew|Cancel|Manage|Create|Continue|Reverse/);
    await page.goto(`${base}/modifyagreement`);
    await expect(page.getByText('Only staff can change an agreement.', { exact: false })).toBeVisible();

    const context = await newContextOnRunClock(browser);
    const staff = await context.newPage();
    await signInTo(staff, 'agent', 'agent-demo-pass');
    await expect(staff).toHaveURL(/\/dashboard/);
    await staff.goto(`${base}/member/profile`);
    await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await agreementMenu(staff)).toEqual(
      expect.arrayContaining(['Modify agreement', 'Renew agreement', 'Manage agreement']),
    );
    await context.close();
  });
});

test.describe('money by status', () => {
  test('a resigned member is offered no top-up and cannot pay; the page says why', async ({ page }) => {
    const base = await signInTo(page, '100005', 'member-demo-pass');
    await expect(page.getByTestId('home-actions')).toBeVisible();
    await expect(page.getByTestId('home-actions').getByRole('button', { name: 'Top up rainy day' })).toHaveCount(0);
    await page.goto(`${base}/paybill`);
    await expect(page.getByRole('heading', { name: 'Pay a bill' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: RESIGNED }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Top up rainy day' })).toHaveCount(0);
    await payFirstBill(page);
    await expect(page.getByText(RESIGNED).last()).toBeVisible();
    await expect(page).toHaveURL(/\/paybill$/); // stays on the dashboard: no pay screen opened
  });

  test('a locked agreement: the member reads why and is not taken to the pay screen', async ({ page }) => {
    const base = await signInTo(page, '100003', 'member-demo-pass');
    await page.goto(`${base}/paybill`);
    await expect(page.getByRole('alert').filter({ hasText: LOCKED }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Top up rainy day' })).toHaveCount(0);
    await payFirstBill(page);
    await expect(page).toHaveURL(/\/paybill$/);
  });

  test('staff on a resigned member’s account cannot pay either', async ({ page, browser }) => {
    const base = await signInTo(page, '100005', 'member-demo-pass'); // where the account is
    const context = await newContextOnRunClock(browser);
    const staff = await context.newPage();
    await signInTo(staff, 'agent', 'agent-demo-pass');
    await expect(staff).toHaveURL(/\/dashboard/);
    await staff.goto(`${base}/paybill`);
    await expect(staff.getByRole('alert').filter({ hasText: RESIGNED }).first()).toBeVisible();
    await expect(staff.getByRole('button', { name: 'Top up rainy day' })).toHaveCount(0);
    await payFirstBill(staff);
    await expect(staff).toHaveURL(/\/paybill$/);
    await context.close();
  });
});
