import { latestHolidayEnd } from '../../server/src/shared/hardship/hardship.rules.js';
import { addDays } from '../../server/src/shared/local-date.js';
import { institutionToday, newContextOnRunClock, shown } from './clock.js';
import { expect, test } from './fixtures.js';
import { AGENT, overflowsHorizontally, seriousViolations, signIn } from './portal-pages.js';

/*
 * A way through hardship (issue 24 item 4) in the browser, on the demo data: Jack (100002, member 2, account 3) is in
 * missed deposit. From his overview he says he is having trouble paying and asks for a deposit holiday; staff find
 * the request in the worklist (instead of chasing the arrears) with the financial-counselling note, and record an
 * arrangement; Jack reads it on his request and his overview.
 */
const JACK = { username: '100002', password: 'member-demo-pass' };
const OVERVIEW = '/member/2/account/3/overview';
const SITUATION = 'I lost a shift a week until February and cannot keep up the deposits.';

test.describe('a way through hardship', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script
  test.slow(); // two cores shared by several engineers' test runs

  test('Jack asks for help, staff see it in the worklist and record an arrangement, Jack reads it', async ({
    page,
    browser,
  }) => {
    const from = addDays(institutionToday(), 1);
    // A month's holiday holds a deposit whatever the frequency; the arrangement refuses one that holds none.
    const until = latestHolidayEnd(from);

    // Jack, from the arrears on his overview, at a phone's width.
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, JACK);
    await expect(page).toHaveURL(/\/(selectaccount|member)\//);
    await page.goto(OVERVIEW);
    await expect(page.getByTestId('arrears-facts')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'I’m having trouble paying' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'I’m having trouble paying' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Ask for help with payments' });
    await form.getByRole('button', { name: 'Ask for help' }).click();
    await expect(form.getByText('Please tell us a little about what is going on.')).toBeVisible();
    await form.getByLabel('What is going on?').fill(SITUATION);
    await form.getByText('A deposit holiday', { exact: true }).click();
    await form.getByLabel('First day of the holiday').fill(shown(from));
    await form.getByLabel('Last day of the holiday').fill(shown(until));
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Ask for help' }).click();
    await expect(page.getByText('Your request for help is sent. We will contact you.')).toBeVisible({
      timeout: 30_000,
    });
    const request = page.getByTestId('hardship-case');
    await expect(request).toContainText('Open: waiting for us to contact you');
    await expect(request).toContainText(SITUATION);
    await expect(request).toContainText(`a deposit holiday from ${shown(from)} to ${shown(until)}`);
    await expect(request).toContainText('we will not send you missed-deposit reminders');
    await expect(form).toHaveCount(0);

    // Staff: the worklist shows the request, not the arrears, with the counselling note.
    const context = await newContextOnRunClock(browser);
    const staff = await context.newPage();
    await staff.setViewportSize({ width: 1280, height: 900 });
    await signIn(staff, AGENT);
    await expect(staff).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await staff.getByRole('link', { name: 'Open the worklist' }).click();
    const open = staff.getByRole('list', { name: 'Rows that need a person' });
    const row = open.locator('[data-kind="Hardship"]').filter({ hasText: '(100002)' });
    await expect(row.getByRole('heading')).toHaveText(/^Asked for help with payments on \d\d-\d\d-\d{4}$/);
    await expect(row).toContainText(SITUATION);
    await expect(row).toContainText('National Debt Helpline (1800 007 007');
    await expect(row).toContainText('do not chase it while the case is open');
    await expect(open.locator('[data-kind="InArrears"]').filter({ hasText: '(100002)' })).toHaveCount(0);
    expect(await seriousViolations(staff)).toEqual([]);
    await row.getByRole('link', { name: /^Record an arrangement/ }).click();
    await expect(staff.getByTestId('counselling-note')).toContainText('1800 007 007');
    const arrangement = staff.getByRole('form', { name: 'Record an arrangement' });
    await expect(arrangement.getByLabel('First day of the holiday')).toHaveValue(shown(from));
    await arrangement.getByLabel('Note').fill('Agreed on the phone; referred to the bank’s financial counsellor.');
    // Before recording it, staff see what it does to the deposits (the server's figures; nothing recorded yet).
    await arrangement.getByRole('button', { name: 'Preview the deposits' }).click();
    const preview = arrangement.getByRole('table', { name: 'What recording it would do to the deposits' });
    await expect(preview.getByRole('row').filter({ hasText: 'None (holiday)' }).first()).toBeVisible({
      timeout: 30_000,
    });
    await expect(arrangement.getByTestId('arrangement-preview')).toContainText(/spread over the next \d+ deposits?\./);
    await expect(arrangement.getByTestId('arrangement-preview')).toContainText('Nothing is recorded yet.');
    const previewed = await preview.locator('tbody tr').allInnerTexts();
    await expect(staff.getByTestId('hardship-deposits')).toHaveCount(0);
    await arrangement.getByRole('button', { name: 'Record the arrangement' }).click();
    await expect(staff.getByText('The arrangement is recorded.')).toBeVisible({ timeout: 30_000 });
    await expect(staff.getByTestId('hardship-arrangement')).toContainText(`by ${AGENT.name}`);
    // What was recorded is what the preview showed, deposit by deposit.
    const recorded = staff.getByTestId('hardship-deposits').locator('tbody tr');
    await expect(recorded).toHaveCount(previewed.length);
    expect(await recorded.allInnerTexts()).toEqual(previewed);
    await context.close();

    // Jack reads what was arranged on his open request without reloading it, with what it does to his deposits.
    await expect(page.getByTestId('hardship-arrangement')).toContainText(
      `a deposit holiday from ${shown(from)} to ${shown(until)}`,
    );
    await expect(page.getByTestId('hardship-arrangement')).toContainText('referred to the bank’s financial counsellor');
    const deposits = page.getByRole('table', { name: 'What this means for your deposits' });
    await expect(deposits.getByRole('row').filter({ hasText: 'None (holiday)' }).first()).toBeVisible();
    expect(await overflowsHorizontally(page)).toBe(false);
    await page.goto(OVERVIEW);
    await expect(page.getByTestId('hardship-entry')).toContainText(`Arranged: a deposit holiday from ${shown(from)}`, {
      timeout: 30_000,
    });
  });
});
