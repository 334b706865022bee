import { newContextOnRunClock, onRunClock } from './clock.js';
import { launchServer } from './file-servers.js';
import { expect, test, type Page } from './fixtures.js';
import { AGENT, MEMBER, overflowsHorizontally, seriousViolations, signIn } from './portal-pages.js';

/*
 * Issue 24 item 1 in the browser, on the demo data: Olivia's (100001) active agreement goes short. Staff and Olivia see
 * the first short day, the bill and the shortfall with the fixes, choose one from the keyboard and read the forecast
 * it would make before confirming; Olivia tops up the amount from her savings account and the forecast is on track.
 * Every figure is the server's: the panel repeats the verdict's own. Then, on a fresh copy of the demo data, Olivia
 * tops her rainy day up by part of the shortfall, so that it comes after her next deposit, and spreads the rest over
 * the next deposits from the panel: the next deposit carries it and the forecast is on track.
 */
const OVERVIEW = '/member/1/account/1/overview';
const MONEY = /\$[\d,]+\.\d{2}/;

function panel(page: Page) {
  return page.getByRole('region', { name: 'Fix the shortfall' });
}

/** The verdict's "Goes short by $X on D" and "top up $Y today", as the overview says them. */
async function verdictFigures(page: Page) {
  const headline = page.getByTestId('forecast-verdict-headline').first();
  await expect(headline).toHaveText(/^Goes short by \$[\d,]+\.\d{2} on \d{2}-\d{2}-\d{4}$/, { timeout: 30_000 });
  const [, shortBy, on] = /by (\$[\d,]+\.\d{2}) on (\S+)/.exec((await headline.textContent()) ?? '')!;
  const verdict = page.getByTestId('forecast-verdict').first();
  const topUp = /top up (\$[\d,]+\.\d{2}) today/.exec((await verdict.textContent()) ?? '')![1];
  return { shortBy, on, topUp };
}

const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
const dollars = (amount: number) =>
  `$${(amount / 100).toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Choose a fix from the keyboard: its radio focused, Space. */
async function chooseFromKeyboard(page: Page, name: RegExp) {
  const radio = panel(page).getByRole('radio', { name });
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
}

test.describe('a shortfall fixed in one tap', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script
  test.slow(); // two cores shared by several engineers' test runs

  test('staff and the member see the shortfall and its fixes with their forecasts; the member tops up and is on track', async ({
    page,
    browser,
  }) => {
    // Staff first: the same panel on the member's overview.
    const context = await newContextOnRunClock(browser);
    const staff = await context.newPage();
    await signIn(staff, AGENT);
    await expect(staff).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await staff.goto(OVERVIEW);
    const figures = await verdictFigures(staff);
    await expect(panel(staff).getByTestId('shortfall-facts')).toHaveText(
      new RegExp(
        `^Short by \\${figures.shortBy} on ${figures.on}(, when .+ \\(\\$[\\d,]+\\.\\d{2}, due \\d{2}-\\d{2}-\\d{4}\\) is paid)?\\.$`,
      ),
    );
    const topUpFix = panel(staff).getByRole('radio', { name: /^Top up/ });
    await expect(topUpFix).toHaveAccessibleName(new RegExp(`Top up \\${figures.topUp} now from a linked account\\.`));
    await chooseFromKeyboard(staff, /^Top up/);
    const preview = panel(staff).getByTestId('shortfall-preview');
    await expect(preview.getByTestId('forecast-verdict-headline')).toHaveText('On track');
    await expect(preview.getByRole('button', { name: 'Confirm this fix' })).toBeVisible();
    await context.close();

    // The member, on a phone: the panel fits, reads well and works from the keyboard.
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, MEMBER);
    await expect(page).toHaveURL(/\/(selectaccount|member)\//, { timeout: 30_000 });
    await page.goto(OVERVIEW);
    expect(await verdictFigures(page)).toEqual(figures);
    await expect(panel(page)).toBeVisible();
    for (const fix of await panel(page).getByRole('radio').all()) await expect(fix).toHaveAccessibleName(MONEY);
    await chooseFromKeyboard(page, /^Top up/);
    await expect(panel(page).getByTestId('shortfall-preview').getByTestId('forecast-verdict-headline')).toHaveText(
      'On track',
    );
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    await panel(page).getByRole('button', { name: 'Confirm this fix' }).click();
    const dialog = page.getByRole('dialog', { name: 'Top up to avoid the shortfall' });
    await expect(dialog.getByLabel('Amount')).toHaveValue(figures.topUp.replace(/[$,]/g, ''));
    await dialog.getByLabel('From account').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Top up now' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByText(new RegExp(`\\${figures.topUp} was topped up from account \\d+\\.`))).toBeVisible();
    await expect(page.getByTestId('forecast-verdict-headline').first()).toHaveText('On track', { timeout: 30_000 });
    await expect(panel(page)).toHaveCount(0);
  });

  test('the member spreads the shortfall over the next deposits and the next deposit carries it', async ({
    browser,
  }) => {
    // Its own server on a fresh copy of the demo data: the test above leaves the agreement on track.
    const own = launchServer();
    const context = await onRunClock(await browser.newContext({ baseURL: (await own.ready).url }));
    try {
      const page = await context.newPage();
      await signIn(page, MEMBER);
      await expect(page).toHaveURL(/\/(selectaccount|member)\//, { timeout: 30_000 });
      await page.goto(OVERVIEW);
      await verdictFigures(page);
      // Part of the shortfall from savings: the forecast now goes short after the next deposit, which can carry the rest.
      await page.getByRole('button', { name: 'Top up rainy day' }).click();
      const dialog = page.getByRole('dialog', { name: 'Top up rainy day' });
      await dialog.getByLabel('From account').selectOption('30000001');
      await dialog.getByLabel('Amount').fill('1400');
      await dialog.getByRole('button', { name: 'Top up' }).click();
      await expect(page.getByText('Rainy day topped up successfully')).toBeVisible({ timeout: 30_000 });
      await expect(dialog).toBeHidden();

      const spreadWords = panel(page).getByText(/^Spread \$/);
      await expect(spreadWords).toBeVisible({ timeout: 30_000 });
      const [, amount, from, each, first] =
        /^Spread (\$[\d,]+\.\d{2}) over the next (?:\d+ deposits|deposit) from (\S+) \((\$[\d,]+\.\d{2})(?: to (\$[\d,]+\.\d{2}))? more each\)\.$/.exec(
          (await spreadWords.textContent()) ?? '',
        )!;
      // The earliest deposit carries the largest share (the odd cents).
      const firstShare = first ?? each;
      const next = page.getByTestId('home-next-deposit');
      const [, before, on] = /^(\$[\d,]+\.\d{2}) on (\S+)$/.exec((await next.textContent()) ?? '')!;
      expect(on).toBe(from);

      await chooseFromKeyboard(page, /^Spread/);
      await expect(panel(page).getByTestId('shortfall-preview').getByTestId('forecast-verdict-headline')).toHaveText(
        'On track',
      );
      await panel(page).getByRole('button', { name: 'Confirm this fix' }).click();
      await expect(
        page.getByText(new RegExp(`^\\${amount} is spread over the next .+: the forecast shows it\\.$`)),
      ).toBeVisible({
        timeout: 30_000,
      });
      await expect(next).toHaveText(`${dollars(cents(before) + cents(firstShare))} on ${from}`, { timeout: 30_000 });
      await expect(page.getByTestId('forecast-verdict-headline').first()).toHaveText('On track', { timeout: 30_000 });
      await expect(panel(page)).toHaveCount(0);
    } finally {
      await context.close();
      await own.stop();
    }
  });
});
