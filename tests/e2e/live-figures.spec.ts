import { addDays } from '../../server/src/shared/local-date.js';
import { BillDashboardPage, ConfirmationPage, PayBillPage, notDueYet } from './bills-pages.js';
import { institutionToday, newContextOnRunClock, shown } from './clock.js';
import { expect, test, type Page } from './fixtures.js';
import { SelectAccountPage } from './pages.js';
import { AGENT, MEMBER, OverviewPage, countOperations, signIn } from './portal-pages.js';

/*
 * No stale screen (issue 25 item 4): what one tab changes, every other open screen shows without a reload — the
 * member's own tab after it navigates back, staff's tab on the same member, and every screen after a bank day. The
 * figures come from the server (figuresChanged refetches the open screens and forgets the closed ones); this file
 * never reloads a page after it has opened it. Demo facts used: member 100001's active agreement has Rent bills not
 * due yet and linked account Everyday 30000001 with money in it (bills-journeys.spec.ts).
 */

test.describe.configure({ mode: 'serial' });

/** An agreement's Total as the overview's Agreement section shows it, in cents. */
async function totalCents(page: Page): Promise<number> {
  const box = new OverviewPage(page).section('Agreement').getByText('Total', { exact: true }).locator('..');
  const text = (await box.textContent()) ?? '';
  const match = /Total-?\$([\d,]+\.\d\d)/.exec(text.replace(/\s/g, ''));
  if (!match) throw new Error(`No total in "${text}"`);
  return Math.round(Number(match[1].replace(/,/g, '')) * 100) * (text.includes('-$') ? -1 : 1);
}

/** Cents of the dashboard's "… · Rainy day $X". */
function rainyDayCents(text: string): number {
  const match = /Rainy day (-?)\$([\d,]+\.\d\d)/.exec(text);
  if (!match) throw new Error(`No rainy day in "${text}"`);
  return Math.round(Number(match[2].replace(/,/g, '')) * 100) * (match[1] ? -1 : 1);
}

function dollars(cents: number): string {
  const text = (Math.abs(cents) / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${cents < 0 ? '-' : ''}$${text}`;
}

/** The overview loaded (it may take a while on the shared machine). */
async function overviewLoaded(page: Page): Promise<OverviewPage> {
  const overview = new OverviewPage(page);
  await expect(overview.section('Agreement').getByTestId('agreement-status')).toBeVisible({ timeout: 30_000 });
  await overview.expectLoaded();
  return overview;
}

const totalBox = (page: Page) =>
  new OverviewPage(page).section('Agreement').getByText('Total', { exact: true }).locator('..');

test('a top-up and a payment in the member’s tab show at once in staff’s tab, and on the member’s screens already seen', async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a top-up and a payment
  // The member's tab: the overview first (its figures are now in this tab's cache).
  await signIn(page, MEMBER);
  await new SelectAccountPage(page).open(0);
  await overviewLoaded(page);
  const [, memberId, accountId] = /\/member\/(\d+)\/account\/(\d+)\//.exec(page.url()) ?? [];
  const before = await totalCents(page);

  // Staff's tab on the same member's Pay a bill (a screen with no activity feed of its own).
  const staffContext = await newContextOnRunClock(browser);
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, AGENT);
  await staffPage.waitForURL((url) => url.pathname !== '/');
  await staffPage.goto(`/member/${memberId}/account/${accountId}/paybill`);
  await expect(staffPage.getByRole('table', { name: 'Bills due for payment' })).toBeVisible({ timeout: 30_000 });
  const staffRainyDay = staffPage.getByText(/ · Rainy day \$/);
  const rainyBefore = rainyDayCents((await staffRainyDay.textContent()) ?? '');
  const rent = await new BillDashboardPage(staffPage).dueDate('Rent', notDueYet);
  const staffPayRent = staffPage.getByRole('button', { name: `Pay Rent due ${shown(rent)}`, exact: true });
  await expect(staffPayRent).toBeVisible();

  // The member tops up rainy day by $20.00 from Pay a bill, reached by the overview's link (no reload).
  await page.getByTestId('home-actions').getByRole('link', { name: 'Pay a bill' }).click();
  await expect(page.getByRole('table', { name: 'Bills due for payment' })).toBeVisible({ timeout: 30_000 });
  const dashboard = new BillDashboardPage(page);
  await dashboard.topUpRainyDay('30000001', '20');
  // Staff's tab was never touched: its rainy day is $20.00 more, pushed by the server.
  await expect(staffRainyDay).toContainText(`Rainy day ${dollars(rainyBefore + 2000)}`, { timeout: 15_000 });

  // The member pays $5.00 of that Rent bill.
  await dashboard.pay('Rent', rent);
  await expect(page.getByRole('heading', { name: 'Pay bill' })).toBeVisible({ timeout: 30_000 });
  const pay = new PayBillPage(page);
  await pay.enterAmount('5.00');
  await pay.confirmAndPay();
  await expect(page.getByRole('heading', { name: 'Payment confirmation' })).toBeVisible({ timeout: 30_000 });
  await new ConfirmationPage(page).expectFigure('Total paid out', '$5.00');
  // Staff's tab no longer offers to pay it.
  await expect(staffPayRent).toHaveCount(0, { timeout: 15_000 });

  // The member goes back to the overview by the confirmation's link (no reload): the new Total, not the one seen.
  await page.getByRole('link', { name: 'Agreement summary' }).click();
  await overviewLoaded(page);
  await expect(totalBox(page)).toContainText(dollars(before + 2000 - 500), { timeout: 15_000 });
  await staffContext.close();
});

test('a bank day run in one staff tab moves the worklist of another, and the member’s open overview asks again', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000); // a bank day's jobs
  // The member's tab on the overview, counting the overview's requests from now on.
  await signIn(page, MEMBER);
  await new SelectAccountPage(page).open(0);
  await overviewLoaded(page);
  const overviews = countOperations(page, 'OverviewPage');

  // Staff's first tab: the worklist, as of today.
  const today = institutionToday();
  const worklistContext = await newContextOnRunClock(browser);
  const worklist = await worklistContext.newPage();
  await signIn(worklist, AGENT);
  await worklist.waitForURL((url) => url.pathname !== '/');
  await worklist.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Worklist' }).click();
  await expect(worklist.getByText(`As of ${shown(today)}.`)).toBeVisible({ timeout: 30_000 });

  // Staff's second tab runs the next day.
  const bankContext = await newContextOnRunClock(browser);
  const bank = await bankContext.newPage();
  await signIn(bank, AGENT);
  await bank.waitForURL((url) => url.pathname !== '/');
  await bank.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bank jobs' }).click();
  const demo = bank.getByRole('region', { name: 'Demo clock' });
  await expect(demo).toContainText(`the bank’s today is ${shown(today)}`, { timeout: 30_000 });
  const seen = overviews();
  await demo.getByRole('button', { name: 'Run the next day' }).click();
  const tomorrow = addDays(today, 1);
  await expect(demo.getByTestId('demo-day-summary')).toContainText(`Last day run: ${shown(tomorrow)}`, {
    timeout: 90_000,
  });

  // The worklist, never reloaded, is as of the new day; the member's overview was read again.
  await expect(worklist.getByText(`As of ${shown(tomorrow)}.`)).toBeVisible();
  await expect.poll(overviews).toBeGreaterThan(seen);
  await worklistContext.close();
  await bankContext.close();
});
