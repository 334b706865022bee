import type { APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures.js';
import { AGENT, graphql, overflowsHorizontally, seriousViolations, signIn } from './portal-pages.js';

/**
 * The staff dashboard (agent.myDashboard; issue 11 item 8, issue 8 item 7): staff land on it after signing in, see
 * their worklist (approvals waiting for managers, agreements at risk, notifications that failed), the institution's
 * page from client settings with the release, and reach the member search from it.
 */

const MANAGER = { username: 'manager', password: 'manager-demo-pass' };
const REPORTER = { username: 'reporter', password: 'reporter-demo-pass' };
/** Member 100002's account in Missed Deposit (the demo data), where a payment needs a manager's approval. */
const MISSED = { memberId: 2, accountId: 3 };
/** A bill no other journey pays (they pay Car insurance, Mobile phone and Rent). */
const BILLER = 'Streaming';

async function tokenOf(request: APIRequestContext, user: { username: string; password: string }): Promise<string> {
  const response = await request.post('/Token', { form: { grant_type: 'password', ...user } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { access_token: string }).access_token;
}

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

test.describe('the staff dashboard', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script

  test('a manager lands on it: the approval waiting, at-risk agreements, failed notifications, the institution page', async ({
    page,
    request,
  }) => {
    const note = `Dashboard check ${Date.now()}`;
    const { approvalId, billId } = await requestApproval(request, note);
    try {
      await signIn(page, MANAGER);
      await expectDashboard(page);

      const approvals = page.getByRole('region', { name: 'Approvals waiting' });
      await expect(
        approvals.getByText(/^(\d+ approvals? waiting|The first \d+ approvals waiting; there are more)\.$/),
      ).toBeVisible();
      const item = approvals.getByRole('listitem').filter({ hasText: note });
      await expect(item).toContainText(`Pay bill ${billId} of agreement`);
      await expect(item).toContainText('Requested by');

      const atRisk = page.getByRole('region', { name: 'Agreements at risk' });
      await expect(atRisk.getByText(/active agreements go(es)? short within \d+ weeks/)).toBeVisible();
      const failed = page.getByRole('region', { name: 'Notifications that failed' });
      await expect(failed.getByText(/notifications? failed/i)).toBeVisible();

      // The institution's page from client settings: the release, the support shortcuts, the tabs.
      await expect(page.getByTestId('dashboard-release')).toContainText('release 1.0.0.0.0');
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
      await expect(approvals.getByRole('listitem').filter({ hasText: note })).toBeVisible();
      expect(await overflowsHorizontally(page)).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);

      await approvals.getByRole('link', { name: 'Open the approvals queue' }).click();
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

  test('an agent lands on it, opens the at-risk worklist and the member search from it', async ({ page }) => {
    await signIn(page, AGENT);
    await expectDashboard(page);
    await expect(page.getByRole('region', { name: 'Approvals waiting' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Approvals' })).toContainText('Managers decide approvals');
    const atRisk = page.getByRole('region', { name: 'Agreements at risk' });
    await expect(atRisk.getByText(/active agreements go(es)? short within \d+ weeks/)).toBeVisible();
    await atRisk.getByRole('link', { name: 'All agreements at risk' }).click();
    await expect(page).toHaveURL(/\/atrisk$/);

    // The product name in the header goes home; the dashboard leads to the member search.
    await page.getByRole('banner').getByRole('link', { name: 'BillSmoothing' }).click();
    await expectDashboard(page);
    await page.getByRole('link', { name: 'Member search' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  });

  test('a reporter sees only what they may: failed notifications and the institution page', async ({ page }) => {
    await signIn(page, REPORTER);
    await expectDashboard(page);
    await expect(page.getByRole('region', { name: 'Notifications that failed' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Agreements at risk' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Approvals waiting' })).toHaveCount(0);
    await expect(page.getByTestId('dashboard-release')).toContainText('release 1.0.0.0.0');
  });
});
