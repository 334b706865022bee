import type { TestInfo } from '@playwright/test';
import { seriousViolations } from './axe.js';
import { expect, test, type Locator, type Page } from './fixtures.js';
import { LoginPage } from './pages.js';
import { overflowsHorizontally } from './portal-pages.js';

/*
 * Every screen each demo user can reach (README "Demo sign-ins"), on desktop and at 375 px (issue 8, "How it will be
 * checked"): each one is scanned by axe, must not scroll sideways on the phone, must not say "Server error" or "Not
 * authorised", and is attached as a full-page screenshot at both sizes, so a person can read them side by side in
 * the report. Read-only: it opens screens and dialogs and closes them, never saves, pays or sends. It runs on its own
 * fresh copy of the demo data (fixtures.ts), so it knows what each screen holds and asserts it: every screen it means
 * to check is there.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 800 };
const PASSWORD: Record<string, string> = {
  agent: 'agent-demo-pass',
  manager: 'manager-demo-pass',
  reporter: 'reporter-demo-pass',
};

/** What went wrong on the screens walked so far, one line each: reported all at once at the end of a user's walk. */
type Findings = string[];

/**
 * What Pay on an account's first bill does with the demo data: the pay screen, the arrears notice, or a refusal in a
 * toast (a locked agreement, a resigned membership).
 */
type Paying = 'pay screen' | 'in arrears' | 'refused' | 'no bill to pay';

async function signIn(page: Page, username: string): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(username, PASSWORD[username] ?? 'member-demo-pass');
  await expect(page).not.toHaveURL(/\/(\?.*)?$/, { timeout: 30_000 });
}

/** The screen has drawn: its h1 is shown and nothing on it is still loading. */
async function settled(page: Page, ready?: Locator): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  if (ready) await expect(ready).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 30_000 });
}

/**
 * Checks the screen as it is now at both sizes and attaches its screenshots; `name` names the attachments. Switches
 * the viewport, never reloads: the same screen, narrowed.
 */
async function check(page: Page, testInfo: TestInfo, findings: Findings, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['375', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    const where = `${name} (${size})`;
    for (const words of ['Server error', 'Not authorised']) {
      if (await page.getByText(words).first().isVisible()) findings.push(`${where}: says "${words}"`);
    }
    // A chart follows the narrower window a moment later (its resize observer): a layout still wider after 3 s stays.
    const overflowing =
      size === '375' &&
      (await expect
        .poll(() => overflowsHorizontally(page), { timeout: 3_000 })
        .toBe(false)
        .then(() => false)
        .catch(() => true));
    if (overflowing) {
      const widths = (await page.evaluate(
        '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
      )) as number[];
      findings.push(`${where}: scrolls sideways (${widths.join(' > ')})`);
    }
    for (const violation of await seriousViolations(page)) findings.push(`${where}: ${violation}`);
    // JPEG: a long page's full-page PNG took as long to encode as the rest of its checks.
    await testInfo.attach(`${name}-${size}.jpeg`, {
      body: await page.screenshot({ fullPage: true, type: 'jpeg', quality: 70 }),
      contentType: 'image/jpeg',
    });
  }
  await page.setViewportSize(DESKTOP);
}

/** Opens a path, waits for it to draw, checks it. */
async function visit(
  page: Page,
  testInfo: TestInfo,
  findings: Findings,
  name: string,
  path: string,
  ready?: (page: Page) => Locator,
): Promise<void> {
  await page.goto(path);
  await settled(page, ready?.(page));
  await check(page, testInfo, findings, name);
}

/** Opens a dialog with `open`, checks the screen with it, closes it with Escape. */
async function dialog(
  page: Page,
  testInfo: TestInfo,
  findings: Findings,
  name: string,
  open: () => Promise<void>,
  dialogName: string | RegExp,
): Promise<void> {
  await open();
  const shown = page.getByRole('dialog', { name: dialogName });
  await expect(shown).toBeVisible();
  await expect(shown.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0, { timeout: 30_000 });
  await check(page, testInfo, findings, name);
  await page.keyboard.press('Escape');
  await expect(shown).toBeHidden();
}

/** The member and account of the overview the page is on. */
function accountPath(page: Page): string {
  const match = /\/member\/\d+\/account\/\d+/.exec(page.url());
  if (!match) throw new Error(`Not on a member's account: ${page.url()}`);
  return match[0];
}

/**
 * The screens of one account. `full`: every screen its member reaches; `state`: those that differ with the
 * agreement's state (the overview with its banners, its activity, the bill dashboard and what paying does), for the
 * other demo members, whose graphs, history and profile are the same screens with other figures; `staff`: the
 * state's screens as staff see them (the ledger lines), with reversing bills and managing the agreement.
 */
async function walkAccount(
  page: Page,
  testInfo: TestInfo,
  findings: Findings,
  prefix: string,
  base: string,
  kind: 'full' | 'state' | 'staff',
  paying: Paying,
): Promise<void> {
  const staff = kind === 'staff';
  await visit(page, testInfo, findings, `${prefix}-overview`, `${base}/overview`, (p) =>
    p.getByRole('region', { name: 'Activities', exact: true }),
  );
  const activities = page.getByRole('region', { name: 'Activities', exact: true });
  const details = activities
    .getByRole('list', { name: 'Activities' })
    .getByRole('listitem')
    .getByRole('button', { name: /^Details/ });
  const agreement = page.getByTestId('agreement-number');
  await expect(agreement).toHaveText(/^\d+$/);
  const agreementId = await agreement.textContent();
  await expect(details.first()).toBeVisible();
  let transactionLink: string | null = null;
  if (kind !== 'state') {
    await dialog(page, testInfo, findings, `${prefix}-activity-detail`, () => details.first().click(), /.+/);
    // A payment's transaction, reached from its activity (the first listed payment), once the list has narrowed.
    const payments = activities
      .getByRole('group', { name: 'Filter activities by type' })
      .getByRole('button', { name: 'Payments' });
    await payments.click();
    await expect(payments).toHaveAttribute('aria-pressed', 'true');
    await expect(activities.getByRole('list', { name: 'Activities' })).toHaveAttribute('aria-busy', 'false');
    await details.first().click();
    const link = page.getByRole('dialog').getByRole('link', { name: 'View the transaction' });
    await expect(link).toBeVisible();
    transactionLink = await link.getAttribute('href');
    await page.keyboard.press('Escape');
  }
  if (kind === 'full') {
    await visit(page, testInfo, findings, `${prefix}-graphs`, `${base}/member/graphs`);
    await visit(page, testInfo, findings, `${prefix}-account-history`, `${base}/member/accounthistory`);
    await visit(page, testInfo, findings, `${prefix}-agreement`, `${base}/viewagreement/${agreementId}`);
    await visit(page, testInfo, findings, `${prefix}-profile`, `${base}/member/profile`);
    await visit(page, testInfo, findings, `${prefix}-hardship`, `${base}/member/hardship`, (p) =>
      p.getByRole('link', { name: 'Back to the agreement summary' }),
    );
  }
  if (transactionLink) await visit(page, testInfo, findings, `${prefix}-transaction`, transactionLink);
  await visit(page, testInfo, findings, `${prefix}-pay-a-bill`, `${base}/paybill`);
  if (kind === 'full') {
    const topUp = page.getByRole('button', { name: 'Top up rainy day' });
    await dialog(page, testInfo, findings, `${prefix}-rainy-day-top-up`, () => topUp.click(), 'Top up rainy day');
  }
  await payFirstBill(page, testInfo, findings, prefix, paying);
  if (staff) {
    await visit(page, testInfo, findings, `${prefix}-reverse-bills`, `${base}/member/reversebills`);
    await visit(page, testInfo, findings, `${prefix}-manage-agreement`, `${base}/manageagreement`);
  }
}

/** Pay on the account's first bill (on its pay-a-bill page), and what it shows, checked. */
async function payFirstBill(
  page: Page,
  testInfo: TestInfo,
  findings: Findings,
  prefix: string,
  paying: Paying,
): Promise<void> {
  const payButtons = page.getByRole('button', { name: /^Pay .+ due \d{2}-\d{2}-\d{4}$/ });
  if (paying === 'no bill to pay') {
    await expect(payButtons).toHaveCount(0);
    return;
  }
  await payButtons.first().click();
  if (paying === 'pay screen') {
    const heading = page.getByRole('heading', { level: 1, name: /^Pay (bill|allocation)$/ });
    await expect(heading).toBeVisible({ timeout: 30_000 });
    await settled(page, page.getByLabel('Amount'));
    // Read once the quote for the amount has arrived (until then the button waits, dimmed, then fades in).
    await expect(page.getByRole('button', { name: 'Confirm payment' })).toBeEnabled({ timeout: 30_000 });
    await check(page, testInfo, findings, `${prefix}-pay-screen`);
    return;
  }
  // In arrears: the notice; locked or resigned: a toast saying why.
  const shown =
    paying === 'in arrears' ? page.getByRole('alertdialog') : page.locator('[data-scope="toast"][data-part="root"]');
  await expect(shown.first()).toBeVisible({ timeout: 30_000 });
  await check(page, testInfo, findings, `${prefix}-pay-refused`);
  await page.keyboard.press('Escape');
}

/** The header's Support dialog, from wherever the page is. */
async function support(page: Page, testInfo: TestInfo, findings: Findings, prefix: string): Promise<void> {
  await dialog(
    page,
    testInfo,
    findings,
    `${prefix}-contact-support`,
    () => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Support' }).click(),
    'Contact support',
  );
}

test.describe('walk every screen as each demo user, on desktop and at 375 px', () => {
  test.use({ bypassCSP: true, viewport: DESKTOP }); // bypassCSP: axe's injected script
  test.describe.configure({ timeout: 300_000 });

  test('member 100001: both accounts, every member screen', async ({ page }, testInfo) => {
    const findings: Findings = [];
    await signIn(page, '100001');
    await expect(page).toHaveURL(/\/selectaccount\/\d+$/);
    await settled(page, page.getByRole('button', { name: /^Open account/ }).first());
    await check(page, testInfo, findings, 'member-select-account');
    // The active agreement, walked fully, and the pending one, with nothing to pay yet.
    const accounts: [kind: 'full' | 'state', paying: Paying][] = [
      ['full', 'pay screen'],
      ['state', 'no bill to pay'],
    ];
    await expect(page.getByRole('button', { name: /^Open account/ })).toHaveCount(accounts.length);
    for (const [index, [kind, paying]] of accounts.entries()) {
      await page.goto(new URL(page.url()).pathname.startsWith('/selectaccount') ? page.url() : '/');
      await page
        .getByRole('button', { name: /^Open account/ })
        .nth(index)
        .click();
      await expect(page).toHaveURL(/\/member\/\d+\/account\/\d+\//, { timeout: 30_000 });
      await walkAccount(page, testInfo, findings, `member-account-${index + 1}`, accountPath(page), kind, paying);
      if (index === 0) await support(page, testInfo, findings, 'member');
      await page.goto('/');
      await expect(page).toHaveURL(/\/selectaccount\/\d+$/);
    }
    expect(findings).toEqual([]);
  });

  // Missed deposit, locked, resigned (README "Demo sign-ins"): each has one account, opened from the account list.
  for (const [username, paying] of [
    ['100002', 'in arrears'],
    ['100003', 'refused'],
    ['100005', 'refused'],
  ] as const) {
    test(`member ${username}: their account's screens`, async ({ page }, testInfo) => {
      const findings: Findings = [];
      await signIn(page, username);
      await expect(page).toHaveURL(/\/selectaccount\/\d+$/, { timeout: 30_000 });
      const open = page.getByRole('button', { name: /^Open account/ });
      await settled(page, open.first());
      await check(page, testInfo, findings, `${username}-select-account`);
      await expect(open).toHaveCount(1);
      await open.click();
      await expect(page).toHaveURL(/\/member\/\d+\/account\/\d+\//, { timeout: 30_000 });
      await walkAccount(page, testInfo, findings, username, accountPath(page), 'state', paying);
      expect(findings).toEqual([]);
    });
  }

  test('member 100004 (no account): register interest, and help', async ({ page }, testInfo) => {
    const findings: Findings = [];
    await signIn(page, '100004');
    await expect(page).toHaveURL(/\/nomember\//, { timeout: 30_000 });
    await settled(page);
    await check(page, testInfo, findings, '100004-interest');
    await visit(page, testInfo, findings, 'help', '/help');
    expect(findings).toEqual([]);
  });

  test('agent: dashboard, search, worklists, reports and a member’s account', async ({ page }, testInfo) => {
    const findings: Findings = [];
    await signIn(page, 'agent');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await settled(page);
    await check(page, testInfo, findings, 'agent-dashboard');
    await visit(page, testInfo, findings, 'agent-member-search', '/members', (p) =>
      p.getByRole('search', { name: 'Member search' }),
    );
    const search = page.getByRole('search', { name: 'Member search' });
    await search.getByLabel('Search for a member').fill('Nguyen');
    await search.getByRole('button', { name: 'Search' }).click();
    const found = page.getByRole('list', { name: 'Members found' });
    await expect(found).toBeVisible({ timeout: 30_000 });
    await check(page, testInfo, findings, 'agent-member-search-results');
    await visit(page, testInfo, findings, 'agent-approvals', '/approvals');
    await visit(page, testInfo, findings, 'agent-at-risk', '/atrisk');
    await visit(page, testInfo, findings, 'agent-missed-deposits', '/misseddeposits');
    await visit(page, testInfo, findings, 'agent-bank-jobs', '/bankjobs');
    await visit(page, testInfo, findings, 'agent-messages', '/messages');
    // Member 100001's active account (the first of member 1), as staff see it.
    await walkAccount(page, testInfo, findings, 'agent-account', '/member/1/account/1', 'staff', 'pay screen');
    // Member 100001's pending agreement, open in the wizard at the step where it stopped (opening it only reads:
    // the step is saved on Save and continue, which the walk never presses).
    await visit(page, testInfo, findings, 'agent-wizard-continue', '/member/1/account/2/contract/continue');
    // The account in missed deposit: the overview's banner and the approval dialog on paying.
    await visit(page, testInfo, findings, 'agent-missed-deposit-overview', '/member/2/account/3/overview');
    expect(findings).toEqual([]);
  });

  test('on a phone a toast covers neither the button just tapped low on the screen nor the menu', async ({ page }) => {
    // Member 100003's agreement is locked: Pay says why in a toast, and changes nothing.
    await page.setViewportSize(PHONE);
    await signIn(page, '100003');
    await expect(page).toHaveURL(/\/selectaccount\/\d+$/, { timeout: 30_000 });
    await page.getByRole('button', { name: /^Open account/ }).click();
    await expect(page).toHaveURL(/\/member\/\d+\/account\/\d+\//, { timeout: 30_000 });
    await page.goto(`${accountPath(page)}/paybill`);
    const pay = page
      .getByRole('button', { name: /^Pay .+ due \d{2}-\d{2}-\d{4}$/ })
      .filter({ visible: true })
      .last();
    await expect(pay).toBeVisible({ timeout: 30_000 });
    // The button sits at the bottom of the screen when tapped: where a toast at the bottom used to appear.
    await pay.evaluate('(button) => button.scrollIntoView({ block: "end" })');
    await pay.click();
    const toast = page.getByRole('status').filter({ hasText: 'Warning.' });
    await expect(toast).toBeVisible();
    await toast.hover(); // kept on screen while it is read
    const boxes = async (other: Locator) => [await toast.boundingBox(), await other.boundingBox()];
    const [toastBox, payBox] = await boxes(pay);
    expect(toastBox && payBox).toBeTruthy();
    const apart = (a: typeof toastBox, b: typeof toastBox) =>
      !a || !b || !(a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height);
    expect(apart(toastBox, payBox), 'the toast covers the Pay button just tapped').toBe(true);
    // Within the screen, clear of the header's Menu when the page is at its top.
    expect((toastBox?.x ?? 0) + (toastBox?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await page.evaluate('window.scrollTo(0, 0)');
    const [atTop, menu] = await boxes(page.getByRole('button', { name: 'Menu' }));
    expect(apart(atTop, menu), 'the toast covers the Menu button').toBe(true);
  });

  for (const username of ['manager', 'reporter']) {
    test(`${username}: the dashboard and what the header offers`, async ({ page }, testInfo) => {
      const findings: Findings = [];
      await signIn(page, username);
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
      await settled(page);
      await check(page, testInfo, findings, `${username}-dashboard`);
      // The header's own pages, but those the agent's walk has read already (the same screens).
      const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
      const paths = new Set<string>();
      const walked = ['/help', '/atrisk', '/misseddeposits', '/bankjobs', '/messages', '/members'];
      for (const link of await links.all()) {
        const href = await link.getAttribute('href');
        if (href?.startsWith('/') && !walked.some((path) => href.startsWith(path))) paths.add(href);
      }
      for (const path of paths) await visit(page, testInfo, findings, `${username}${path.replace(/\//g, '-')}`, path);
      expect(findings).toEqual([]);
    });
  }
});
