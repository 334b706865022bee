import { expect, test, type Page } from './fixtures.js';
import { addDays } from '../../server/src/common/local-date.js';
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

async function signInToken(
  request: import('@playwright/test').APIRequestContext,
  user: { username: string; password: string },
): Promise<string> {
  const answer = await request.post('/Token', {
    form: { grant_type: 'password', username: user.username, password: user.password },
  });
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function agreementMenu(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Agreement/ })
    .click();
  await page.getByRole('menuitem', { name: label }).click();
}

test.describe('the agreement lifecycle', () => {
  test.setTimeout(180_000);

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
    await expect(step).toBeVisible();
    await step.getByRole('button', { name: 'Activate agreement' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/overview`));

    // The member signs in on their own browser and approves it with the confirm dialog.
    const memberContext = await newContextOnRunClock(browser);
    const memberPage = await memberContext.newPage();
    await signedIn(memberPage, LIAM);
    await memberPage.goto(`${base}/viewagreement/${agreementId}?viewMode=hideMenus`);
    await memberPage.getByRole('button', { name: 'Approve agreement' }).click();
    const confirm = memberPage.getByRole('alertdialog');
    await expect(confirm).toContainText('Approve this agreement?');
    await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(memberPage.getByText('Agreement approved.', { exact: false })).toBeVisible();
    // The job applies it (queued → applying → applied); the member's overview then shows it active.
    const memberToken = await signInToken(request, LIAM);
    await expect
      .poll(
        async () =>
          (
            await graphql<{ queuedChangeStatus: { stage: string } }>(
              request,
              memberToken,
              'query($a: Int!) { queuedChangeStatus(accountId: $a) { stage } }',
              { a: accountId },
            )
          ).queuedChangeStatus.stage,
        { timeout: 60_000 },
      )
      .toBe('NONE');
    await memberPage.goto(`${base}/overview`);
    await expect(memberPage.getByTestId('agreement-status')).toHaveText('Active', { timeout: 30_000 });
    await memberContext.close();

    // Staff lock, unlock and cancel from the agreement menu.
    await page.goto(`${base}/member/profile`);
    await agreementMenu(page, 'Manage agreement');
    await expect(page.getByRole('heading', { level: 1, name: `Manage agreement ${agreementId}` })).toBeVisible();
    await expect(page.getByText('Status: Active')).toBeVisible();
    await page.getByRole('button', { name: 'Lock agreement' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(dialog.getByText('Please enter a note.')).toBeVisible();
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
