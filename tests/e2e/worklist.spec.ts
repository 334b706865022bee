import { expect, test, type Page } from './fixtures.js';
import { newContextOnRunClock } from './clock.js';
import { SelectAccountPage } from './pages.js';
import { AGENT, overflowsHorizontally, seriousViolations, signIn } from './portal-pages.js';

/**
 * The staff worklist (issue 22 items 3-4) and the member's side of it (item 1): what needs a person, why in words,
 * Contact member with the template that fits, the row done once acted on; the member reads the message in their
 * activity. The demo data: member 100002 (Jack) in arrears, 100003 locked.
 */

const JACK = { username: '100002', password: 'member-demo-pass' };
const REPORTER = { username: 'reporter', password: 'reporter-demo-pass' };

async function openWorklist(page: Page, user: { username: string; password: string }): Promise<void> {
  await signIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  await page.getByRole('link', { name: 'Open the worklist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Worklist' })).toBeVisible();
}

test.describe('the staff worklist', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script
  test.setTimeout(120_000);

  test('says why in words, contacts the member with the template that fits, and the row is done; the member reads it', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openWorklist(page, AGENT);
    const open = page.getByRole('list', { name: 'Rows that need a person' });
    const arrears = open.locator('[data-kind="InArrears"]').filter({ hasText: '(100002)' });
    await expect(arrears.getByRole('heading')).toHaveText(/^In arrears: \$[\d,]+\.\d\d owing since \d\d-\d\d-\d{4}$/);
    await expect(arrears).toContainText('bill payments are paused until the whole amount is in');
    await expect(arrears).toContainText(/Last contact \d\d-\d\d-\d{4}|No message sent to the member yet/);
    const locked = open.locator('[data-kind="Locked"]').filter({ hasText: '(100003)' });
    await expect(locked.getByRole('heading')).toHaveText(/^Locked since \d\d-\d\d-\d{4}$/);
    await expect(locked).toContainText('Reason:');
    // Most urgent first: arrears before locked.
    const kinds = await open
      .locator('[data-kind]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-kind')));
    expect(kinds.indexOf('InArrears')).toBeLessThan(kinds.indexOf('Locked'));
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // A locked agreement: Contact member opens with the locked template (and offers no arrears one to a calm agreement).
    await locked.getByRole('button', { name: /^Contact member/ }).click();
    const dialog = page.getByTestId('contact-member-dialog');
    await expect(dialog.getByLabel('Template').locator('option:checked')).toHaveText('Agreement locked');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // In arrears: the arrears template, with the whole amount owing and the account to pay into.
    await arrears.getByRole('button', { name: /^Contact member/ }).click();
    await expect(dialog.getByLabel('Template').locator('option:checked')).toHaveText('Deposits owing');
    const subject = await dialog.getByLabel('E-mail subject').inputValue();
    expect(subject).toMatch(/^Your agreement is in arrears by \$[\d,]+\.\d\d$/);
    await expect(dialog.getByLabel('E-mail text')).toHaveValue(
      /What to do: please deposit \$[\d,]+\.\d\d into account \S+/,
    );
    await dialog.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.getByText('Notification has been successfully queued and will be sent shortly.')).toBeVisible();
    const done = page.getByRole('list', { name: 'Rows seen to' }).locator('[data-kind="InArrears"]');
    await expect(done).toContainText(`Done: contacted by ${AGENT.name} on`);
    await expect(open.locator('[data-kind="InArrears"]')).toHaveCount(0);

    // One kind at a time; a phone's width.
    await page.getByRole('button', { name: /^Locked \(1\)$/ }).click();
    await expect(open.locator('[data-kind]')).toHaveCount(1);
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(locked.getByRole('button', { name: /^Contact member/ })).toBeVisible();
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);

    // The member reads what was sent in their activity, word for word, once it went.
    const context = await newContextOnRunClock(browser);
    const member = await context.newPage();
    await signIn(member, JACK);
    await new SelectAccountPage(member).open(0);
    await expect(member).toHaveURL(/\/member\/\d+\/account\/\d+\/overview/, { timeout: 30_000 });
    const activities = member.getByRole('region', { name: 'Activities', exact: true });
    const sent = activities.getByRole('listitem').filter({ hasText: subject });
    await expect(sent.first()).toContainText('Notification sent', { timeout: 30_000 });
    await sent
      .first()
      .getByRole('button', { name: /^Details/ })
      .click();
    await expect(member.getByRole('dialog')).toContainText('What to do: please deposit');
    await context.close();
  });

  test('the reporter reads it and may open an agreement, but acts on nothing', async ({ page }) => {
    await openWorklist(page, REPORTER);
    const row = page.locator('[data-kind="Locked"]').first();
    await expect(row.getByRole('link', { name: /^Open the agreement/ })).toBeVisible();
    await expect(row.getByRole('button', { name: /^Contact member/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Mark done/ })).toHaveCount(0);
  });

  test('staff read every template with when it is sent, and preview every message of an agreement', async ({
    page,
  }) => {
    await openWorklist(page, AGENT);
    const arrears = page.locator('[data-kind="InArrears"]').first();
    const agreement = /agreement (\d+)/.exec((await arrears.textContent()) ?? '')?.[1];
    expect(agreement).toBeTruthy();
    await page.goto('/messages');
    const events = page.getByRole('list', { name: 'Sent when something happens' });
    const missed = events.getByRole('listitem').filter({ has: page.getByText('Missed deposit', { exact: true }) });
    await expect(missed).toContainText('When a deposit does not arrive in full on its date.');
    await missed.getByText('Read the texts').click();
    await expect(missed).toContainText('We did not receive your deposit of {amount}');
    await page.getByLabel('Agreement number').fill(agreement!);
    await page.getByRole('button', { name: 'Preview' }).click();
    const previews = page.getByRole('list', { name: 'Message previews' }).getByRole('listitem');
    await expect(previews).toHaveCount(12);
    const missedPreview = page.locator('[data-notice="missedDeposit"]');
    await expect(missedPreview).toContainText(/We did not receive your deposit of \$[\d,]+\.\d\d/);
    await expect(missedPreview).toContainText(/Dear \w+,/);
    for (const badge of await page.getByText(/^SMS, \d+ characters$/).allTextContents()) {
      expect(Number(/\d+/.exec(badge)![0])).toBeLessThanOrEqual(160);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });
});
