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

/*
 * The review's answers in the browser (issue 24 item 2): the night's review (run by staff's "Run the next day" on the
 * demo clock) opens a review for Olivia and for Jack (100002). Olivia accepts hers in one tap; Jack asks staff about
 * his, staff find it in their worklist and dismiss it saying why, and Jack's open page says it is closed without a
 * reload; the worklist row goes.
 */
const JACK = { username: '100002', password: 'member-demo-pass' };

test.describe('answering a review', () => {
  test.slow();

  test('the member accepts in one tap; another asks staff, who dismiss it, and his page says so', async ({
    page,
    browser,
    request,
  }) => {
    const token = await staffToken(request);
    const { runNextDemoDay: day } = await graphql<{ runNextDemoDay: { date: string } }>(
      request,
      token,
      'mutation { runNextDemoDay { date } }',
      {},
    );
    const openReview = async (memberId: number, accountId: number) =>
      (
        await graphql<{
          depositReview: { agreementId: number; open: { reviewId: number; proposedDeposit: string } | null };
        }>(
          request,
          token,
          `
            query ($m: Int!, $a: Int!) {
              depositReview(memberId: $m, accountId: $a) {
                agreementId
                open {
                  reviewId
                  proposedDeposit
                }
              }
            }
          `,
          { m: memberId, a: accountId },
        )
      ).depositReview;
    const olivia = await openReview(IDS.memberId, IDS.accountId);
    expect(olivia.open).not.toBeNull();

    // Olivia accepts hers in one tap.
    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/(selectaccount|member)\//, { timeout: 30_000 });
    await page.goto(`${BASE}/viewagreement/${olivia.agreementId}`);
    const open = panel(page).getByTestId('deposit-review-open');
    await expect(open).toContainText(`The review of ${day.date.split('-').reverse().join('-')} proposes a deposit of`, {
      timeout: 30_000,
    });
    await open.getByRole('button', { name: 'Accept the new deposit' }).click();
    // The change takes effect at once: the page she is on is now an earlier version, and says where the agreement is.
    const moved = page.getByRole('link', { name: /^Open agreement \d+$/ });
    await expect(moved).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByText(/^This is not the current version of the agreement: agreement \d+ is\.$/),
    ).toBeVisible();
    await moved.click();
    // The current version runs at the deposit the review proposed, and no longer offers that review.
    const proposed = `$${Number(olivia.open!.proposedDeposit).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary.getByRole('definition').nth(2)).toHaveText(proposed, { timeout: 30_000 });
    await expect(summary.getByRole('term').nth(2)).toHaveText('Deposit');
    await expect(panel(page).getByTestId('deposit-review-open')).toHaveCount(0);
    await expect(panel(page).getByTestId('deposit-review-closed')).toContainText('was accepted');
    expect((await openReview(IDS.memberId, IDS.accountId)).open).toBeNull();

    // Jack asks staff about his.
    const context = await newContextOnRunClock(browser);
    const jack = await context.newPage();
    await signIn(jack, JACK);
    await expect(jack).toHaveURL(/\/(selectaccount|member)\//, { timeout: 30_000 });
    const { searchMembers } = await graphql<{
      searchMembers: { memberId: number; accounts: { accountId: number }[] }[];
    }>(
      request,
      token,
      `query { searchMembers(searchString: "${JACK.username}", resultCount: 5) { memberId accounts { accountId } } }`,
      {},
    );
    const jackMember = searchMembers[0].memberId;
    const jackAccount = searchMembers[0].accounts[0].accountId;
    const jackReview = await openReview(jackMember, jackAccount);
    expect(jackReview.open).not.toBeNull();
    await jack.goto(`/member/${jackMember}/account/${jackAccount}/viewagreement/${jackReview.agreementId}`);
    const jackOpen = panel(jack).getByTestId('deposit-review-open');
    await jackOpen.getByRole('button', { name: 'Ask us about it' }).click({ timeout: 30_000 });
    await expect(jackOpen.getByRole('status')).not.toBeEmpty({ timeout: 30_000 });

    // Staff find it in the worklist and dismiss it, saying why.
    const staffContext = await newContextOnRunClock(browser);
    const staff = await staffContext.newPage();
    await signIn(staff, AGENT);
    await expect(staff).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await staff.getByRole('link', { name: 'Open the worklist' }).click();
    const row = staff
      .getByRole('list', { name: 'Rows that need a person' })
      .locator('[data-kind="DepositReview"]')
      .filter({ hasText: '(100002)' });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('link', { name: /^Open the agreement/ }).click();
    const staffOpen = panel(staff).getByTestId('deposit-review-open');
    await expect(staffOpen).toContainText('The member asked us to look at this review with them.', { timeout: 30_000 });
    await staffOpen.getByRole('button', { name: 'Dismiss the review' }).click();
    await staff.getByLabel('Why is it dismissed?').fill('Talked it through on the phone: the rise was a one-off.');
    await staff.getByRole('button', { name: 'Dismiss it' }).click();
    await expect(staffOpen.getByRole('status')).not.toBeEmpty({ timeout: 30_000 });

    // Jack's open page says it is closed, without a reload; the worklist row is gone.
    await expect(panel(jack).getByTestId('deposit-review-closed')).toContainText(
      'is closed: your deposit stays as it is',
      {
        timeout: 30_000,
      },
    );
    await staff.goBack();
    await expect(
      staff
        .getByRole('list', { name: 'Rows that need a person' })
        .locator('[data-kind="DepositReview"]')
        .filter({ hasText: '(100002)' }),
    ).toHaveCount(0, { timeout: 30_000 });
    await context.close();
    await staffContext.close();
  });
});
