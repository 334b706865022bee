import { seriousViolations } from './axe.js';
import { DEFAULT_TIME_ZONE } from '../../server/src/shared/clock.js';
import { todayIn } from '../../server/src/shared/local-date.js';
import { e2eClock, e2eToday } from './clock.js';
import { expect, test } from './fixtures.js';
import { LoginPage, SelectAccountPage } from './pages.js';

test.describe('a member', () => {
  test('signs in, selects an account and reaches the member area', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('100001', 'member-demo-pass');
    await expect(page).toHaveURL(/\/selectaccount\/\d+$/);
    const accounts = new SelectAccountPage(page);
    await accounts.expectAccounts(2);
    await accounts.open(0);
    await expect(page).toHaveURL(/\/member\/\d+\/account\/\d+\/overview\?viewMode=showMenus$/);
    await expect(page.getByText('Olivia Nguyen').first()).toBeVisible();
    // A deep link reloads into the same place.
    await page.reload();
    await expect(page).toHaveURL(/\/overview/);
    await expect(page.getByRole('banner')).toBeVisible();
  });

  test('opens a pending agreement with the menus hidden', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('100001', 'member-demo-pass');
    await new SelectAccountPage(page).open(1);
    await expect(page).toHaveURL(/\/viewagreement\/\d+\?viewMode=hideMenus$/);
  });

  test('sees the server’s error text after a bad sign-in, and nothing is sent while a field is empty', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open();
    let tokenRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/Token')) tokenRequests += 1;
    });
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Please enter your member number or username.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
    expect(tokenRequests).toBe(0);
    await login.signIn('100001', 'wrong-password');
    await expect(
      page.getByRole('alert').filter({ hasText: 'The member number or password is incorrect.' }),
    ).toBeVisible();
    expect(tokenRequests).toBe(1);
  });

  test('without an account is offered the register-interest form', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('100004', 'member-demo-pass');
    await expect(page).toHaveURL(/\/nomember\/\d+$/);
    await expect(page.getByLabel(/email/i)).toHaveValue('noah.brown@example.com');
  });
});

test.describe('staff', () => {
  test('signs in and lands on their dashboard', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn('agent', 'agent-demo-pass');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Alex Agent').first()).toBeVisible();
  });
});

test.describe('the login page before its scripts run (issue 23 item 1)', () => {
  test('is painted from the HTML, still, and the app takes it over in place, live', async ({ page }) => {
    // The app's entry is held until the first paint has been looked at.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/index-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const username = page.getByLabel('Member number or username');
    const logIn = page.getByRole('button', { name: 'Log in' });
    const parts = [page.getByRole('banner'), page.getByRole('heading', { name: 'Log in' }), username, logIn];
    const boxes = async () => Promise.all(parts.map(async (part) => part.boundingBox()));
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.locator('#root > [data-first-paint]')).toHaveCount(1);
    // Nothing can be typed, and nothing submits: the fields are read-only, the button submits nothing.
    await expect(username).not.toBeEditable();
    await expect(logIn).toHaveAttribute('type', 'button');
    const painted = await boxes();

    release();
    await expect(page.locator('#root > [data-first-paint]')).toHaveCount(0);
    await expect(username).toBeEditable();
    // Nothing moved when the app's page replaced the painted one.
    expect(await boxes()).toEqual(painted);
    await new LoginPage(page).signIn('100001', 'member-demo-pass');
    await expect(page).toHaveURL(/\/selectaccount\/\d+$/);
  });
});

test.describe('without a session', () => {
  test('a protected deep link opens the sign-in form, keeping where it was going', async ({ page }) => {
    await page.goto('/member/1/account/1/overview');
    await expect(page).toHaveURL(/\/\?returnTo=%2Fmember%2F1%2Faccount%2F1%2Foverview$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  });
});

test.describe('accessibility of the public pages (axe)', () => {
  // The page's CSP rightly forbids inline scripts; the scanner is injected by the test, not the app.
  test.use({ bypassCSP: true });
  for (const [name, path] of [
    ['login', '/'],
    ['unauthorized', '/unauthorized'],
    ['locked', '/locked'],
    ['expired', '/expired'],
    ['no member', '/nomember/0'],
    ['interest registered', '/interestregistered/0'],
  ] as const) {
    test(`${name} has no serious violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('the run’s clock', () => {
  test('the browser and the server share one day (E2E_TODAY)', async ({ page }) => {
    await page.goto('/login');
    const browserNow = (await page.evaluate('Date.now()')) as number;
    expect(Math.abs(browserNow - e2eClock().now().getTime())).toBeLessThan(60_000);
    expect(todayIn(DEFAULT_TIME_ZONE, new Date(browserNow))).toBe(e2eToday());
  });
});
