import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures.js';
import { AGENT, graphql, overflowsHorizontally, seriousViolations, signIn, tokenOf } from './portal-pages.js';

/**
 * The staff dashboard (agent.myDashboard; issue 11 item 8, issue 22 item 3): staff land on it after signing in, see
 * what needs a person (the worklist's counts and most urgent rows), the institution's page from client settings with
 * the release, and reach the worklist, the at-risk list and the member search from it.
 */

const MANAGER = { username: 'manager', password: 'manager-demo-pass' };
const REPORTER = { username: 'reporter', password: 'reporter-demo-pass' };
/** Member 100002's account in Missed Deposit (the demo data), where a payment needs a manager's approval. */
const MISSED = { memberId: 2, accountId: 3 };
/** A bill no other journey pays (they pay Car insurance, Mobile phone and Rent). */
const BILLER = 'Streaming';

/** An agent asks a manager to approve paying a bill in Missed Deposit (as the pay screen's queue tab does). */
async function requestApproval(
  request: APIRequestContext,
  note: string,
): Promise<{ approvalId: number; billId: number }> {
  const agent = await tokenOf(request, AGENT);
  const bills = await graphql<{ billsDueForPayment: { items: { billId: number; nickname: string }[] } }>(
    request,
    agent,
    `
      query ($memberId: Int!, $accountId: Int!) {
        billsDueForPayment(memberId: $memberId, accountId: $accountId, page: 1, pageSize: 20) {
          items {
            billId
            nickname
          }
        }
      }
    `,
    MISSED,
  );
  const bill = bills.billsDueForPayment.items.find((item) => item.nickname === BILLER);
  expect(bill, `a ${BILLER} bill due on the demo account in Missed Deposit`).toBeDefined();
  const asked = await graphql<{
    requestArrearsApproval: { approval: { approvalId: number } | null; errors: { message: string }[] };
  }>(
    request,
    agent,
    `
      mutation ($billId: Int!, $note: String!) {
        requestArrearsApproval(billId: $billId, note: $note) {
          approval {
            approvalId
          }
          errors {
            message
          }
        }
      }
    `,
    { billId: bill!.billId, note },
  );
  expect(asked.requestArrearsApproval.errors).toEqual([]);
  return { approvalId: asked.requestArrearsApproval.approval!.approvalId, billId: bill!.billId };
}

async function expectDashboard(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** The dashboard's worklist panel: its counts are the worklist's (issue 22 item 3). */
const NEEDS = /^(\d+ things need a person today|1 thing needs a person today|Nothing needs you today)\.$/;

test.describe('the staff dashboard', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script

  test('a manager lands on it: what needs a person (the approval waiting among it), the institution page', async ({
    page,
    request,
  }) => {
    const note = `Dashboard check ${Date.now()}`;
    const { approvalId } = await requestApproval(request, note);
    try {
      await signIn(page, MANAGER);
      await expectDashboard(page);

      const panel = page.getByRole('region', { name: 'Needs attention' });
      await expect(panel.getByText(NEEDS)).toBeVisible();
      // The demo data: member 100002 in arrears, 100003 locked; and the request just made.
      const counts = panel.getByRole('list', { name: 'Rows by kind' });
      await expect(counts.getByRole('link', { name: 'In arrears: 1' })).toBeVisible();
      await expect(counts.getByRole('link', { name: 'Locked: 1' })).toBeVisible();
      await expect(counts.getByRole('link', { name: 'Approval waiting: 1' })).toBeVisible();
      await expect(panel.getByRole('list', { name: 'Most urgent' }).getByRole('listitem').first()).toContainText(
        'In arrears',
      );

      // The institution's page from client settings: the release, the support shortcuts, the tabs.
      await expect(page.getByTestId('dashboard-release')).toContainText(/release (?!\{ip\})\S+/);
      await expect(page.getByRole('link', { name: 'E-mail Payments team' })).toHaveAttribute(
        'href',
        'mailto:payments@example.com',
      );
      const tabs = page.getByRole('tablist', { name: 'Institution news' });
      for (const name of ['Payments project', 'Message board', 'Upcoming changes', 'Reports', 'Release notes']) {
        await expect(tabs.getByRole('tab', { name })).toBeVisible();
      }
      await tabs.getByRole('tab', { name: 'Release notes' }).click();
      await expect(page.getByRole('tabpanel', { name: 'Release notes' })).toContainText('Release 1.0.0.0.0.');

      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 375, height: 812 });
      await expect(counts.getByRole('link', { name: 'Approval waiting: 1' })).toBeVisible();
      expect(await overflowsHorizontally(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      // The count opens the worklist on its rows; the row leads to the approvals queue.
      await counts.getByRole('link', { name: 'Approval waiting: 1' }).click();
      await expect(page).toHaveURL(/\/worklist\?kind=ApprovalWaiting$/);
      const row = page.locator('[data-kind="ApprovalWaiting"]').filter({ hasText: 'Requested by Alex Agent' });
      await expect(row).toContainText(/Waiting for a manager: pay the Streaming bill of \$[\d,.]+ while agreement \d+/);
      await row.getByRole('link', { name: /^Decide in the approvals queue/ }).click();
      await expect(page).toHaveURL(/\/approvals$/);
      await expect(page.getByText(note)).toBeVisible();
    } finally {
      // Leave no request waiting for the journeys after this one.
      const manager = await tokenOf(request, MANAGER);
      await graphql(
        request,
        manager,
        'mutation($approvalId: Int!) { decideArrearsApproval(approvalId: $approvalId, approvalGranted: false, note: "dashboard test") { errors { message } } }',
        { approvalId },
      );
    }
  });

  test('an agent lands on it, opens the worklist, the at-risk list and the member search from it', async ({ page }) => {
    await signIn(page, AGENT);
    await expectDashboard(page);
    const panel = page.getByRole('region', { name: 'Needs attention' });
    await expect(panel.getByText(NEEDS)).toBeVisible();
    await expect(page.getByText('Managers decide approvals')).toBeVisible();
    await panel.getByRole('link', { name: 'All agreements at risk' }).click();
    await expect(page).toHaveURL(/\/atrisk$/);
    await page.goBack();
    await panel.getByRole('link', { name: 'Open the worklist' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Worklist' })).toBeVisible();

    // The product name in the header goes home; the dashboard leads to the member search.
    await page.getByRole('banner').getByRole('link', { name: 'BillSmoothing' }).click();
    await expectDashboard(page);
    await page.getByRole('link', { name: 'Member search' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  });

  test('a reporter reads what needs a person and the institution page', async ({ page }) => {
    await signIn(page, REPORTER);
    await expectDashboard(page);
    await expect(page.getByRole('region', { name: 'Needs attention' }).getByText(NEEDS)).toBeVisible();
    await expect(page.getByText('Managers decide approvals')).toHaveCount(0);
    await expect(page.getByTestId('dashboard-release')).toContainText(/release (?!\{ip\})\S+/);
  });
});
