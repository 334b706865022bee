import { randomUUID } from 'node:crypto';
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
 * Issue 24 item 5 in the browser, on the demo data: once Olivia's (100001) agreement has a renewal under way, her
 * overview shows her balance at term end, the server's projected closing balance, and the choices; she refunds the
 * surplus to one of her linked accounts from the keyboard on a phone, and staff read her choice on the same overview.
 * (Carrying it out when the renewal takes over, a year on, is tests/integration/term-end.test.ts.)
 */
const IDS = { memberId: 1, accountId: 1 };
const OVERVIEW = `/member/${IDS.memberId}/account/${IDS.accountId}/overview`;

interface TermEnd {
  endDate: string;
  closingBalance: string;
  refundAccounts: { accountNumber: string }[];
}

function panel(page: Page) {
  return page.getByRole('region', { name: 'Your balance at term end' });
}

const dollars = (amount: string) =>
  `${Number(amount) < 0 ? '-' : ''}$${Math.abs(Number(amount)).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const display = (date: string) => date.split('-').reverse().join('-');

test.describe('a choice at term end', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script
  test.slow(); // two cores shared by several engineers' test runs

  test('the member sees the projected closing balance and refunds the surplus; staff see her choice', async ({
    page,
    browser,
    request,
  }) => {
    // Staff renew her agreement (the renewal under way opens the choice) and, if it would not close with a surplus,
    // top up its rainy day from her savings so that it does.
    const token = await staffToken(request);
    const { agreementWizardEntries } = await graphql<{ agreementWizardEntries: { modify: { agreementId: number } } }>(
      request,
      token,
      'query($a: Int!, $m: Int!) { agreementWizardEntries(accountId: $a, memberId: $m) { modify { agreementId } } }',
      { a: IDS.accountId, m: IDS.memberId },
    );
    const agreementId = agreementWizardEntries.modify.agreementId;
    await graphql(request, token, 'mutation($id: Int!) { renewAgreement(agreementId: $id) { errors { message } } }', {
      id: agreementId,
    });
    const read = async () =>
      (
        await graphql<{ termEndChoice: TermEnd }>(
          request,
          token,
          `
            query ($m: Int!, $a: Int!) {
              termEndChoice(memberId: $m, accountId: $a) {
                endDate
                closingBalance
                refundAccounts {
                  accountNumber
                }
              }
            }
          `,
          { m: IDS.memberId, a: IDS.accountId },
        )
      ).termEndChoice;
    let termEnd = await read();
    if (Number(termEnd.closingBalance) <= 0) {
      const topUp = (Math.round(-Number(termEnd.closingBalance) * 100) + 100_00) / 100;
      const { topUpRainyDay } = await graphql<{ topUpRainyDay: { errors: unknown[] } }>(
        request,
        token,
        `
          mutation ($input: RainyDayTopUpInput!) {
            topUpRainyDay(input: $input) {
              errors {
                message
              }
            }
          }
        `,
        {
          input: {
            contractId: agreementId,
            accountNumber: termEnd.refundAccounts[0].accountNumber,
            topupAmount: topUp.toFixed(2),
            idempotencyKey: randomUUID(),
          },
        },
      );
      expect(topUpRainyDay.errors).toEqual([]);
      termEnd = await read();
    }
    expect(Number(termEnd.closingBalance)).toBeGreaterThan(0);
    const refundTo = termEnd.refundAccounts.at(-1)!.accountNumber;

    // The member, on a phone: the server's figure, the choices with what each does, chosen from the keyboard.
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/(selectaccount|member)\//, { timeout: 30_000 });
    await page.goto(OVERVIEW);
    await expect(panel(page)).toBeVisible({ timeout: 30_000 });
    await expect(panel(page).getByTestId('term-end-closing')).toHaveText(
      `Projected closing balance on ${display(termEnd.endDate)}: ${dollars(termEnd.closingBalance)}`,
    );
    await expect(panel(page).getByTestId('term-end-current')).toHaveText(
      'Nothing chosen yet: the balance is rolled into the renewal.',
    );
    await expect(panel(page).getByRole('radio')).toHaveCount(3);
    await expect(panel(page).getByRole('radio', { name: /^Roll the balance into the renewal/ })).toBeChecked();
    const refund = panel(page).getByRole('radio', { name: /^Refund the surplus/ });
    await refund.focus();
    await page.keyboard.press('Space');
    await expect(refund).toBeChecked();
    await panel(page).getByLabel('Refund to account').selectOption(refundTo);
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await panel(page).getByRole('button', { name: 'Confirm my choice' }).click();
    const chosen = `Chosen: Refund the surplus to linked account ${refundTo}.`;
    await expect(page.getByText(`Your term-end choice has been saved. ${chosen}`)).toBeVisible({ timeout: 30_000 });
    await expect(panel(page).getByTestId('term-end-current')).toHaveText(chosen);

    // Staff, on the same overview, read her choice.
    const context = await newContextOnRunClock(browser);
    const staff = await context.newPage();
    await signIn(staff, AGENT);
    await expect(staff).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await staff.goto(OVERVIEW);
    await expect(panel(staff).getByTestId('term-end-current')).toHaveText(chosen, { timeout: 30_000 });
    await expect(panel(staff).getByRole('radio', { name: /^Refund the surplus/ })).toBeChecked();
    await context.close();
  });
});
