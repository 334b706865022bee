import { newContextOnRunClock } from './clock.js';
import { expect, test } from './fixtures.js';
import { AGENT, operationLog, signIn } from './portal-pages.js';

/*
 * Issue 26 item 5 in the browser, on the demo data: Jack (100002, member 2, account 3) is in missed deposit. His banner
 * says how much he owes, since when, the deposit that would clear it and the account to pay into; he catches up a
 * part from his savings account (still owing), then the rest (the agreement is active again: the banner goes), and
 * staff read both in his history.
 */
const OVERVIEW = '/member/2/account/3/overview';
const cents = (money: string) => Math.round(Number(money.replace(/[^0-9.-]/g, '')) * 100);
const owedIn = (text: string) => cents(/You owe (\$[\d,]+\.\d{2})/.exec(text)![1]);

test.describe('the arrears journey', () => {
  test.slow(); // two cores shared by several engineers' test runs

  test('Jack sees what he owes, catches up a part and then the rest; staff see it in the history', async ({
    page,
    browser,
  }) => {
    await signIn(page, { username: '100002', password: 'member-demo-pass' });
    await expect(page).toHaveURL(/\/(selectaccount|member)\//);
    await page.goto(OVERVIEW);
    const facts = page.getByTestId('arrears-facts');
    await expect(facts).toContainText(/You owe \$[\d,]+\.\d{2}: \d+ missed deposits? since \d{2}-\d{2}-\d{4}\./, {
      timeout: 30_000,
    });
    await expect(facts).toContainText(
      /A deposit of \$[\d,]+\.\d{2} on \d{2}-\d{2}-\d{4} \(your next deposit and all that is owed\) clears it\./,
    );
    await expect(facts).toContainText(/Pay into account \d{8}, or catch up now/);
    const owed = owedIn((await facts.textContent()) ?? '');
    expect(owed).toBeGreaterThan(1000);

    // A part: $10.00 from his savings account. Still in missed deposit, $10.00 less owed.
    await facts.getByRole('button', { name: 'Catch up now' }).click();
    let dialog = page.getByRole('dialog', { name: 'Catch up on missed deposits' });
    await expect(dialog.getByLabel('Amount')).toHaveValue(/^[\d,]+\.\d{2}$/);
    expect(cents(await dialog.getByLabel('Amount').inputValue())).toBe(owed);
    await dialog.getByLabel('From account').selectOption({ index: 1 });
    await dialog.getByLabel('Amount').fill('10.00');
    const asked = operationLog(page);
    await dialog.getByRole('button', { name: 'Pay now' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect.poll(async () => owedIn((await facts.textContent()) ?? ''), { timeout: 30_000 }).toBe(owed - 1000);
    // The server announced the money moved: the overview asked its query once for it (the dialog asked it again too,
    // twice in all, before).
    await asked.quiet();
    console.log(`[journey] a catch-up asked: ${asked.names().join(', ')}`);
    expect(asked.names().filter((name) => name === 'OverviewPage')).toHaveLength(1);

    // The rest (the amount offered is all that is owed): the missed-deposit banner goes.
    await facts.getByRole('button', { name: 'Catch up now' }).click();
    dialog = page.getByRole('dialog', { name: 'Catch up on missed deposits' });
    expect(cents(await dialog.getByLabel('Amount').inputValue())).toBe(owed - 1000);
    await dialog.getByLabel('From account').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Pay now' }).click();
    await expect(facts).toHaveCount(0, { timeout: 30_000 });
    await expect(
      page.getByRole('region', { name: 'What’s next' }).getByRole('button', { name: 'Top up rainy day' }),
    ).toBeVisible();
    await expect(page.getByText('A deposit was missed.', { exact: false })).toHaveCount(0);

    // Staff read both catch-ups in Jack's history.
    const context = await newContextOnRunClock(browser);
    const staff = await context.newPage();
    await signIn(staff, AGENT);
    await expect(staff).toHaveURL(/\/dashboard$/);
    await staff.goto('/member/2/account/3/member/accounthistory');
    await expect(staff.getByText(/Catch-up deposit of \$10\.00 from account \d{8}/).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(staff.getByText(/All missed deposits are now paid: bill payments resume\./).first()).toBeVisible();
    await context.close();
  });
});
