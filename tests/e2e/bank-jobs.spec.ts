import { addDays, daysBetween, type LocalDate } from '../../server/src/shared/local-date.js';
import { institutionToday, shown } from './clock.js';
import { expect, test } from './fixtures.js';
import { AGENT, MEMBER, graphql, seriousViolations, signIn, staffToken } from './portal-pages.js';

/**
 * The bank jobs page and demo mode's "Run the next day" (issue 10 item 5). It moves the bank's clock forward, on its
 * own server and copy of the demo data (fixtures.ts): no other journey sees that day.
 */

test.use({ bypassCSP: true });

interface Overview {
  accountOverview: {
    agreement: {
      status: string;
      nextDepositDate: LocalDate | null;
      nextDepositAmount: string | null;
    } | null;
  };
}

const OVERVIEW =
  'query($a: Int!, $m: Int!) { accountOverview(accountId: $a, memberId: $m) { agreement { status nextDepositDate nextDepositAmount } } }';

test.describe('the bank jobs page', () => {
  test.setTimeout(240_000);

  test('staff run the next days in demo mode and see the jobs run and the member’s deposit arrive', async ({
    page,
    request,
  }) => {
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
      const { accountOverview } = await graphql<Overview>(request, token, OVERVIEW, { a: accountId, m: memberId });
      const agreement = accountOverview.agreement;
      if (agreement?.status === 'Active' && agreement.nextDepositDate && agreement.nextDepositAmount) {
        target = {
          accountId,
          date: agreement.nextDepositDate,
          amount: agreement.nextDepositAmount,
        };
      }
    }
    expect(target, 'Olivia has an active agreement with a next deposit').not.toBeNull();
    const today = institutionToday();
    const days = daysBetween(today, target!.date);
    expect(days).toBeGreaterThan(0);
    expect(days).toBeLessThanOrEqual(31);

    await signIn(page, AGENT);
    await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bank jobs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bank jobs' })).toBeVisible();
    const demo = page.getByRole('region', { name: 'Demo clock' });
    await expect(demo).toContainText(`the bank’s today is ${shown(today)}`);
    expect(await seriousViolations(page)).toEqual([]);

    const summary = demo.getByTestId('demo-day-summary');
    for (let day = 1; day <= days; day += 1) {
      await demo.getByRole('button', { name: 'Run the next day' }).click();
      await expect(summary).toContainText(`Last day run: ${shown(addDays(today, day))}`, { timeout: 60_000 });
    }
    await expect(demo).toContainText(`the bank’s today is ${shown(target!.date)}`);
    await expect(
      summary.getByRole('listitem').filter({ hasText: /^deposits in: \d+ \(\$[\d,]+\.\d\d\)$/ }),
    ).toHaveCount(1);

    // The jobs list shows the day's run and the windows', completed, with what they did.
    const dayJob = page.getByTestId('bank-jobs').locator('tr[data-job="core-banking-day"]');
    await expect(dayJob).toContainText('Completed');
    await expect(dayJob).toContainText('None'); // no failed run
    // Each later step of the day is a job of its own, started by the one before, and ran too.
    for (const [name, after] of [
      ['core-banking-reconciliation', 'after Bank day: deposits'],
      ['core-banking-autopay', 'after Bank day: reconciliation'],
      ['core-banking-calendar', 'after Bank day: automatic payments'],
    ]) {
      const step = page.getByTestId('bank-jobs').locator(`tr[data-job="${name}"]`);
      await expect(step).toContainText(after);
      await expect(step).toContainText('Completed');
    }
    const runs = page.getByTestId('bank-job-runs').locator('tbody > tr');
    await expect(runs.filter({ hasText: 'Pending window' }).first()).toContainText('Completed');
    expect(await seriousViolations(page)).toEqual([]);

    // The member's deposit arrived: the account's newest payment activity (read through the API: the overview's
    // Activities panel answers a query-cost refusal on main at the moment).
    const { activities } = await graphql<{ activities: { items: { type: number; details: string }[] } }>(
      request,
      token,
      'query($a: Int!, $m: Int!) { activities(memberId: $m, accountId: $a, filters: [Payment], page: 1, pageSize: 5) { items { type details } } }',
      { a: target!.accountId, m: memberId },
    );
    const amount = Number(target!.amount).toLocaleString('en-AU', { minimumFractionDigits: 2 });
    expect(activities.items[0]).toEqual({
      type: 2,
      details: expect.stringContaining(`Deposit of $${amount} received`),
    });
  });
});
