import { newContextOnRunClock } from './clock.js';
import { expect, test, type Page } from './fixtures.js';
import {
  AGENT,
  MEMBER,
  graphql,
  overflowsHorizontally,
  seriousViolations,
  signIn,
  staffToken,
} from './portal-pages.js';

/*
 * Issue 24 item 2 in the browser, on the demo data: Olivia's (100001) agreement page shows, below its billers, the
 * per-bill table (estimate, paid so far, expected by term end, difference, where the contingency went) and the deposit
 * a review proposes with the server's own words, on a phone; staff read the same on the same page. (The figures
 * themselves are checked against the bills in tests/integration/deposit-review.test.ts.)
 */
const IDS = { memberId: 1, accountId: 1 };
const BASE = `/member/${IDS.memberId}/account/${IDS.accountId}`;

interface Review {
  agreementId: number;
  rows: { name: string }[];
  proposal: { summary: string; reasons: { words: string }[] } | null;
}

function panel(page: Page) {
  return page.getByRole('region', { name: 'Your bills against their estimates' });
}

test.describe('the deposit that reviews itself', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script
  test.slow(); // two cores shared by several engineers' test runs

  test('the member and staff read each bill against its estimate and the deposit proposed', async ({
    page,
    browser,
    request,
  }) => {
    const token = await staffToken(request);
    const { depositReview: review } = await graphql<{ depositReview: Review }>(
      request,
      token,
      `
        query ($m: Int!, $a: Int!) {
          depositReview(memberId: $m, accountId: $a) {
            agreementId
            rows {
              name
            }
            proposal {
              summary
              reasons {
                words
              }
            }
          }
        }
      `,
      { m: IDS.memberId, a: IDS.accountId },
    );
    expect(review.rows.length).toBeGreaterThan(0);
    const page1 = `${BASE}/viewagreement/${review.agreementId}`;

    // The member, on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/(selectaccount|member)\//, { timeout: 30_000 });
    await page.goto(page1);
    const table = panel(page).getByRole('table', {
      name: 'Each bill: estimate, paid so far, expected by term end, difference and contingency',
    });
    await expect(table).toBeVisible({ timeout: 30_000 });
    // A header row, one row per bill, the totals.
    await expect(table.getByRole('row')).toHaveCount(review.rows.length + 2);
    for (const row of review.rows) await expect(table.getByRole('cell', { name: row.name, exact: true })).toBeVisible();
    await expect(panel(page).getByTestId('deposit-review-summary')).toHaveText(review.proposal!.summary);
    for (const reason of review.proposal!.reasons) await expect(panel(page).getByText(reason.words)).toBeVisible();
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // Staff, on the same page.
    const context = await newContextOnRunClock(browser);
    const staff = await context.newPage();
    await signIn(staff, AGENT);
    await expect(staff).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await staff.goto(page1);
    await expect(panel(staff).getByTestId('deposit-review-summary')).toHaveText(review.proposal!.summary, {
      timeout: 30_000,
    });
    await expect(panel(staff).getByRole('row')).toHaveCount(review.rows.length + 2);
    await context.close();
  });
});
