import { expect, test, type Page } from './fixtures.js';
import { addDays } from '../../server/src/shared/local-date.js';
import { e2eToday, newContextOnRunClock } from './clock.js';
import { AGENT, graphql, signIn, staffToken } from './portal-pages.js';

/**
 * The agreement's lifecycle (agreement/lifecycle/README.md): a new agreement prepared through the API (start, a
 * biller, deposits, capacity) is activated by staff at step 8, the member approves it, the job applies it; staff
 * lock, unlock and cancel it from the agreement menu.
 */

const LIAM = { username: '100006', password: 'member-demo-pass', name: 'Liam Taylor' };

/** Signs in and waits for the signed-in landing (a navigation before it would race the sign-in). */
async function signedIn(page: Page, user: { username: string; password: string }): Promise<void> {
  await signIn(page, user);
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
}

async function agreementMenu(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Agreement/ })
    .click();
  await page.getByRole('menuitem', { name: label }).click();
}

test.describe('the agreement lifecycle', () => {
  // Three browsers and a job on a shared 2-core machine: the journey took 3 minutes there.
  test.setTimeout(300_000);

  test('staff activate a new agreement, the member approves it, the overview shows it applied; lock, unlock, cancel', async ({
    page,
    request,
    browser,
  }) => {
    // Prepared through the API: the steps in between are other screens' tests.
    const token = await staffToken(request);
    const { searchMembers } = await graphql<{
      searchMembers: { memberId: number; accounts: { accountId: number }[] }[];
    }>(
      request,
      token,
      'query { searchMembers(searchString: "100006", resultCount: 5) { memberId accounts { accountId } } }',
      {},
    );
    const memberId = searchMembers[0].memberId;
    const accountId = searchMembers[0].accounts[0].accountId;
    const started = await graphql<{ startNewAgreement: { wizard: { agreementId: number } } }>(
      request,
      token,
      'mutation($m: Int!, $a: Int!) { startNewAgreement(memberId: $m, accountId: $a) { wizard { agreementId } errors { message } } }',
      { m: memberId, a: accountId },
    );
    const agreementId = started.startNewAgreement.wizard.agreementId;
    const today = e2eToday();
    const { billingCategories } = await graphql<{ billingCategories: { id: number }[] }>(
      request,
      token,
      'query { billingCategories { id } }',
      {},
    );
    const biller = await graphql<{ saveBiller: { errors: { message: string }[] } }>(
      request,
      token,
      `
        mutation ($input: BillerInput!) {
          saveBiller(input: $input) {
            errors {
              message
            }
          }
        }
      `,
      {
        input: {
          contractId: agreementId,
          billingCategoryId: billingCategories[0].id,
          nickname: 'Rent',
          paymentType: 1,
          bsbNumber: '062000',
          eftAccountNumber: '12345678',
          eftAccountName: 'Landlord',
          expectedBillValue: '100.00',
          billingFrequency: 3,
          isExactDateOfBillKnown: true,
          dateOfBill: addDays(today, 20),
          doesAmountVaryFromBillToBill: false,
          isAutoPaymentBill: true,
        },
      },
    );
    expect(biller.saveBiller.errors).toEqual([]);
    const deposits = await graphql<{ saveAgreementDeposits: { errors: { message: string }[] } }>(
      request,
      token,
      `
        mutation ($id: Int!, $input: DepositsInput!) {
          saveAgreementDeposits(agreementId: $id, input: $input) {
            errors {
              message
            }
          }
        }
      `,
      {
        id: agreementId,
        input: {
          contributionFrequency: 2,
          contributionAmount: '100.00',
          contributionDate: today,
          depositType: 1,
          remitterName: 'Employer',
          remitterNumber: '12345',
        },
      },
    );
    expect(deposits.saveAgreementDeposits.errors).toEqual([]);
    const capacity = await graphql<{ saveAgreementCapacity: { errors: { message: string }[] } }>(
      request,
      token,
      `
        mutation ($input: CapacityInputType!) {
          saveAgreementCapacity(input: $input) {
            errors {
              message
            }
          }
        }
      `,
      { input: { contractId: agreementId, paymentCapacityConfirmed: true, newNoteText: '' } },
    );
    expect(capacity.saveAgreementCapacity.errors).toEqual([]);
    await graphql(
      request,
      token,
      'mutation($id: Int!, $p: WizardPositionInput!) { saveAgreementWizardPosition(agreementId: $id, position: $p) { errors { message } } }',
      { id: agreementId, p: { step: 8 } },
    );

    // Staff activate at step 8.
    const base = `/member/${memberId}/account/${accountId}`;
    await signedIn(page, AGENT);
    await page.goto(`${base}/contract/continue`);
    const step = page.getByTestId('wizard-step-activate');
    await expect(step).toBeVisible({ timeout: 20_000 });
    await step.getByRole('button', { name: 'Activate agreement' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/overview`));

    // The member has their overview open in one browser (it records every stage its queued-change dialog shows)
    // and approves the agreement in another, with the confirm dialog.
    const overviewContext = await newContextOnRunClock(browser);
    await overviewContext.addInitScript({
      content: `(() => {
        const seen = (window.queuedStages = []);
        new MutationObserver(() => {
          const stage = document.querySelector('[data-testid="queued-change-dialog"]')?.getAttribute('data-stage');
          if (stage && seen[seen.length - 1] !== stage) seen.push(stage);
        }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-stage'] });
      })()`,
    });
    const memberOverview = await overviewContext.newPage();
    await signedIn(memberOverview, LIAM);
    await memberOverview.goto(`${base}/overview`);
    const status = memberOverview.getByTestId('agreement-status');
    await expect(status).toHaveText('Pending approval', { timeout: 20_000 });
    // Staff sent it: the overview asks the member to approve it and leads to the agreement's page, where they can.
    const waiting = memberOverview.getByTestId('change-waiting');
    await expect(waiting).toContainText('Your new agreement waits for your approval.');
    await expect(waiting.getByRole('link', { name: 'Review the agreement' })).toHaveAttribute(
      'href',
      `${base}/viewagreement/${agreementId}`,
    );
    await memberOverview.evaluate('window.sameDocument = true');

    const memberContext = await newContextOnRunClock(browser);
    const memberPage = await memberContext.newPage();
    await signedIn(memberPage, LIAM);
    await memberPage.goto(`${base}/viewagreement/${agreementId}?viewMode=hideMenus`);
    await memberPage.getByRole('button', { name: 'Approve agreement' }).click();
    const confirm = memberPage.getByRole('alertdialog');
    await expect(confirm).toContainText('Approve this agreement?');
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    // Its answer waited ~17 s once on the loaded CI (every request of the three tabs did: the one connection was busy).
    // Staff activated it already: it is applied next, not "once it is activated".
    await expect(memberPage.getByText('Agreement approved. It is applied shortly', { exact: false })).toBeVisible({
      timeout: 30_000,
    });
    await memberContext.close();

    // The job applies it; the open overview is told each stage and then shows the agreement active, never reloaded.
    await expect(memberOverview.getByTestId('overview-announcement')).toHaveText(
      'The agreement change has been applied. The overview has been updated.',
      { timeout: 60_000 },
    );
    await expect(status).toHaveText('Active', { timeout: 10_000 });
    await expect(memberOverview.getByTestId('queued-change-dialog')).toBeHidden({ timeout: 10_000 });
    await expect(memberOverview.getByTestId('change-waiting')).toHaveCount(0);
    const stages = (await memberOverview.evaluate('window.queuedStages')) as string[];
    expect(stages[0]).toBe('QUEUED');
    expect(stages.at(-1)).toBe('APPLIED');
    // The same document all along: nothing reloaded the page.
    expect(await memberOverview.evaluate('window.sameDocument')).toBe(true);
    await overviewContext.close();

    // Staff lock, unlock and cancel from the agreement menu.
    await page.goto(`${base}/member/profile`);
    await agreementMenu(page, 'Manage agreement');
    await expect(page.getByRole('heading', { level: 1, name: `Manage agreement ${agreementId}` })).toBeVisible();
    await expect(page.getByText('Status: Active')).toBeVisible();
    await page.getByRole('button', { name: 'Lock agreement' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(dialog.getByText('Please enter a reason.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Member asked to pause payments');
    await dialog.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(page.getByText('The agreement has been locked.')).toBeVisible();
    await expect(page.getByText('Status: Locked')).toBeVisible();

    await page.getByRole('button', { name: 'Unlock agreement' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Confirmed with the member');
    await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(page.getByText('Status: Active')).toBeVisible();

    await page.getByRole('button', { name: 'Cancel agreement' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Member left the product');
    await dialog.getByRole('button', { name: 'Cancel agreement' }).click();
    await expect(page.getByText('The agreement has been cancelled.')).toBeVisible();
  });
});
