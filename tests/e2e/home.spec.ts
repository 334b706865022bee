import { fromShown, newContextOnRunClock } from './clock.js';
import { expect, test, type Page } from './fixtures.js';
import {
  AGENT,
  MEMBER,
  MemberSearch,
  OverviewPage,
  memberOnOverview,
  overflowsHorizontally,
  seriousViolations,
  signIn,
} from './portal-pages.js';

/** The overview's opening summary (issue 8 item 7). */
function home(page: Page) {
  return page.getByRole('region', { name: 'What’s next', exact: true });
}

async function verdictHeadline(page: Page): Promise<string> {
  const headline = page.getByTestId('forecast-verdict-headline');
  await expect(headline).toHaveText(/^(On track|Goes short by \$[\d,]+\.\d{2} on \d{2}-\d{2}-\d{4})$/, {
    timeout: 30_000,
  });
  return (await headline.textContent()) ?? '';
}

/** The sections' fold buttons (in their h2), by section name. */
function foldButton(page: Page, name: string) {
  return page.getByRole('heading', { level: 2, name }).getByRole('button');
}

test.describe('a home that says what to do next', () => {
  test.use({ bypassCSP: true });
  test.slow(); // two cores shared by several engineers' test runs

  test('the member’s overview opens with the next deposit, the next bills, the verdict and the actions; the graphs page says the same', async ({
    page,
  }) => {
    await memberOnOverview(page);
    const summary = home(page);
    // It comes first: the first section of the page.
    await expect(page.locator('main section').first()).toHaveAttribute('data-section', 'home');
    await expect(summary.getByTestId('home-next-deposit')).toHaveText(/^\$[\d,]+\.\d{2} on \d{2}-\d{2}-\d{4}$/);
    // The bills due, of every payment kind, soonest first: none later than the first one the upcoming-bills table
    // (bills paid by hand) lists, which is among them.
    const firstUpcoming = page
      .getByRole('region', { name: 'Upcoming bills', exact: true })
      .locator('tbody > tr')
      .first();
    const [due] = (await firstUpcoming.locator('td').allTextContents()).map((text) => text.trim());
    const firstNext = (await summary.getByTestId('home-next-bills').getByRole('listitem').first().textContent()) ?? '';
    const nextDue = /due (\d{2}-\d{2}-\d{4})/.exec(firstNext)?.[1] ?? '';
    expect(fromShown(nextDue) <= fromShown(due)).toBe(true);
    const headline = await verdictHeadline(page);
    if (headline.startsWith('Goes short')) {
      await expect(summary.getByText(/^To avoid it, top up \$[\d,]+\.\d{2} today/)).toBeVisible();
    }
    for (const name of ['Pay a bill', 'See the forecast on the graphs page']) {
      await expect(summary.getByRole('link', { name })).toBeVisible();
    }
    for (const name of ['Top up rainy day', 'Contact us'])
      await expect(summary.getByRole('button', { name })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Contact us opens the contact-support dialog; Top up rainy day its dialog.
    await summary.getByRole('button', { name: 'Contact us' }).click();
    const support = page.getByRole('dialog', { name: 'Contact support' });
    await expect(support).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(support).toBeHidden();
    await summary.getByRole('button', { name: 'Top up rainy day' }).click();
    const topUp = page.getByRole('dialog', { name: 'Top up rainy day' });
    await expect(topUp.getByLabel('From account')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(topUp).toBeHidden();

    // The graphs page shows the same verdict, from the same server figure.
    await summary.getByRole('link', { name: 'See the forecast on the graphs page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Graphs' })).toBeVisible();
    expect(await verdictHeadline(page)).toBe(headline);

    // Pay a bill goes to the bill dashboard.
    await page.goBack();
    await home(page).getByRole('link', { name: 'Pay a bill' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pay a bill' })).toBeVisible();
  });

  test('on a 375 px phone it leads with the summary and the long sections are folded, opened from the keyboard', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await memberOnOverview(page);
    await verdictHeadline(page);
    await expect(home(page)).toBeInViewport();
    const folded = [
      'Set aside by category',
      'Bills paid automatically',
      'Bills paid manually',
      'Activity overview',
      'Activities',
    ];
    for (const name of folded) await expect(foldButton(page, name)).toHaveAttribute('aria-expanded', 'false');
    const height = await page.evaluate('document.documentElement.scrollHeight');
    console.log(`overview height at 375 px, folded: ${String(height)} px`);
    expect(height).toBeLessThan(3_600);
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // Open the activities from the keyboard: focus its heading's button, press Enter.
    const activities = foldButton(page, 'Activities');
    await activities.focus();
    await page.keyboard.press('Enter');
    await expect(activities).toHaveAttribute('aria-expanded', 'true');
    const panel = new OverviewPage(page).activities();
    await expect(panel.items().first()).toBeVisible();
    await page.keyboard.press('Space');
    await expect(activities).toHaveAttribute('aria-expanded', 'false');
    await expect(panel.items().first()).toBeHidden();
    await page.screenshot({ path: 'test-results/home-375.png', fullPage: true });
  });

  test('staff viewing the member see the same summary and verdict', async ({ page, browser }) => {
    await memberOnOverview(page);
    const memberVerdict = await verdictHeadline(page);
    const accountUrl = page.url();

    const staffContext = await newContextOnRunClock(browser);
    const staff = await staffContext.newPage();
    await signIn(staff, AGENT);
    await expect(staff).toHaveURL(/\/dashboard$/);
    await staff.getByRole('link', { name: 'Member search' }).click();
    await expect(staff).toHaveURL(/\/members$/);
    const search = new MemberSearch(staff);
    await search.byText('nguyen');
    await search
      .results()
      .filter({ hasText: MEMBER.name })
      .getByRole('link', { name: /^Open account .* of Olivia Nguyen$/ })
      .first()
      .click();
    await new OverviewPage(staff).expectLoaded();
    expect(new URL(staff.url()).pathname).toBe(new URL(accountUrl).pathname);
    expect(await verdictHeadline(staff)).toBe(memberVerdict);
    await expect(home(staff).getByTestId('home-next-deposit')).toHaveText(
      (await home(page).getByTestId('home-next-deposit').textContent()) ?? '',
    );
    await expect(home(staff).getByRole('button', { name: 'Contact us' })).toHaveCount(0);
    await staffContext.close();
  });
});

test.describe('small things a person notices', () => {
  test.slow(); // two cores shared by several engineers' test runs

  test('the graphs page ends at its footer: no blank scroll past it (the hidden history table)', async ({ page }) => {
    await memberOnOverview(page);
    await page.goto(page.url().replace(/\/overview.*$/, '/member/graphs'));
    await expect(page.getByRole('region', { name: 'Deposits and bills by month' })).toBeVisible();
    await expect(page.locator('svg.apexcharts-svg')).toHaveCount(3);
    const gap = await page.evaluate(
      `document.documentElement.scrollHeight - (document.querySelector('footer').getBoundingClientRect().bottom + window.scrollY)`,
    );
    expect(Number(gap)).toBeLessThanOrEqual(1);
    // The table is still there for screen readers.
    await expect(page.getByRole('table', { name: 'Deposits and bills by month' })).toHaveCount(1);
  });
});
