import { addDays, daysBetween, type LocalDate } from '../../server/src/shared/local-date.js';
import { institutionToday, newContextOnRunClock, shown } from './clock.js';
import { expect, test, type Page } from './fixtures.js';
import { AGENT, MEMBER, graphql, seriousViolations, signIn, staffToken } from './portal-pages.js';

/**
 * Tonight's run, in sight (issue 24 item 3): the member's overview shows the next bank day in order, each line with
 * the balance after it, and the morning after what it did; staff see the same on the member's account. The days are
 * run by demo mode's "Run the next day" (the real jobs), on this file's own server and copy of the demo data
 * (fixtures.ts). The member's tab is never reloaded: figuresChanged brings each new day to it.
 */

test.use({ bypassCSP: true });

interface Run {
  bankDayRun: {
    next: { date: LocalDate; lines: { kind: string; amount: string; balanceAfter: string }[] };
  };
}

const RUN =
  'query($a: Int!, $m: Int!) { bankDayRun(accountId: $a, memberId: $m) { next { date lines { kind amount balanceAfter } } } }';

const OVERVIEW =
  'query($a: Int!, $m: Int!) { accountOverview(accountId: $a, memberId: $m) { agreement { status nextDepositDate nextDepositAmount } } }';

function dollars(amount: string): string {
  return `$${Number(amount).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

async function runNextDay(staff: Page, day: LocalDate): Promise<void> {
  const demo = staff.getByRole('region', { name: 'Demo clock' });
  await demo.getByRole('button', { name: 'Run the next day' }).click();
  await expect(demo.getByTestId('demo-day-summary')).toContainText(`Last day run: ${shown(day)}`, { timeout: 90_000 });
}

test('the member and staff see tonight’s run in order with the balance after each line, then what it did', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  // Olivia's active agreement and its next deposit, read through the API.
  const token = await staffToken(request);
  const { searchMembers } = await graphql<{
    searchMembers: { memberId: number; accounts: { accountId: number }[] }[];
  }>(
    request,
    token,
    `query { searchMembers(searchString: "${MEMBER.username}", resultCount: 5) { memberId accounts { accountId } } }`,
    {},
  );
  const memberId = searchMembers[0].memberId;
  let target: { accountId: number; date: LocalDate; amount: string } | null = null;
  for (const { accountId } of searchMembers[0].accounts) {
    const { accountOverview } = await graphql<{
      accountOverview: {
        agreement: { status: string; nextDepositDate: LocalDate | null; nextDepositAmount: string | null } | null;
      };
    }>(request, token, OVERVIEW, { a: accountId, m: memberId });
    const agreement = accountOverview.agreement;
    if (agreement?.status === 'Active' && agreement.nextDepositDate && agreement.nextDepositAmount) {
      target = { accountId, date: agreement.nextDepositDate, amount: agreement.nextDepositAmount };
    }
  }
  expect(target, 'Olivia has an active agreement with a next deposit').not.toBeNull();
  const { accountId, date, amount } = target!;
  const today = institutionToday();
  const days = daysBetween(today, date);
  expect(days).toBeGreaterThan(0);
  expect(days).toBeLessThanOrEqual(31);
  const overviewUrl = `/member/${memberId}/account/${accountId}/overview`;

  // The member's tab, on a phone: tonight's run is the day after today.
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, MEMBER);
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
  await page.goto(overviewUrl);
  const tonight = page.getByRole('region', { name: 'Tonight’s run', exact: true });
  await expect(tonight).toContainText(`The bank day of ${shown(addDays(today, 1))}`, { timeout: 30_000 });
  const first = await graphql<Run>(request, token, RUN, { a: accountId, m: memberId });
  if (first.bankDayRun.next.lines.length === 0) {
    await expect(tonight.getByTestId('tonight-empty')).toHaveText('Nothing runs tonight.');
  }

  // Staff run the days up to the evening before the deposit, on the bank jobs page.
  const staffContext = await newContextOnRunClock(browser);
  const staff = await staffContext.newPage();
  await signIn(staff, AGENT);
  await staff.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
  await staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bank jobs' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Bank jobs' })).toBeVisible();
  for (let day = 1; day < days; day += 1) await runNextDay(staff, addDays(today, day));

  // The member's tab, not reloaded, now shows the deposit's night: the deposit in first, with the balance after it.
  await expect(tonight).toContainText(`The bank day of ${shown(date)}`, { timeout: 60_000 });
  const { bankDayRun } = await graphql<Run>(request, token, RUN, { a: accountId, m: memberId });
  expect(bankDayRun.next.date).toBe(date);
  expect(bankDayRun.next.lines[0]).toMatchObject({ kind: 'DEPOSIT', amount });
  const lines = tonight.getByRole('list', { name: 'Tonight’s run, in order' }).getByTestId('tonight-line');
  await expect(lines).toHaveCount(bankDayRun.next.lines.length);
  for (const [i, line] of bankDayRun.next.lines.entries()) {
    await expect(lines.nth(i).getByTestId('tonight-amount')).toHaveText(
      `${line.kind === 'DEPOSIT' ? 'In' : 'Out'} ${dollars(line.amount)}`,
    );
    await expect(lines.nth(i).getByTestId('tonight-balance-after')).toHaveText(
      `Balance after ${dollars(line.balanceAfter)}`,
    );
  }
  await expect(lines.first()).toContainText('1. Deposit');
  expect(await seriousViolations(page)).toEqual([]);
  // Phone-friendly: nothing wider than the screen.
  expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth + 1')).toBe(
    false,
  );

  // Staff see the same run on the member's account.
  await staff.goto(overviewUrl);
  const staffTonight = staff.getByRole('region', { name: 'Tonight’s run', exact: true });
  await expect(staffTonight.getByTestId('tonight-line')).toHaveText(await lines.allTextContents(), { timeout: 30_000 });

  // The night runs; the morning after, both see what it did: the deposit received.
  await staff.goto('/bankjobs');
  await runNextDay(staff, date);
  const lastNight = tonight.getByRole('list', { name: 'What last night’s run did' });
  await expect(lastNight.getByTestId('last-night-line').first()).toContainText(`In ${dollars(amount)}`, {
    timeout: 60_000,
  });
  await expect(lastNight.getByTestId('last-night-line').first()).toContainText('Received');
  await expect(tonight).toContainText(`Last night’s run (${shown(date)})`);
  await staff.goto(overviewUrl);
  await expect(
    staff.getByRole('region', { name: 'Tonight’s run', exact: true }).getByTestId('last-night-line').first(),
  ).toContainText('Received', { timeout: 30_000 });
  await staffContext.close();
});
