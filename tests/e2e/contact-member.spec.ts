import { expect, test, type Page } from './fixtures.js';
import { AGENT, MEMBER, MemberSearch, OverviewPage, operationLog, signIn } from './portal-pages.js';

const MEMBER_EMAIL = 'olivia.nguyen@example.com';

/** Opens Olivia's first account as the agent (generous waits: the test machine is shared and often loaded). */
async function openOlivia(page: Page): Promise<void> {
  await signIn(page, AGENT);
  const search = new MemberSearch(page);
  await search.byText('nguyen');
  await search
    .results()
    .filter({ hasText: MEMBER.name })
    .getByRole('link', { name: /^Open account .* of Olivia Nguyen$/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Agreement summary' })).toBeVisible({ timeout: 30_000 });
  await new OverviewPage(page).expectLoaded();
}

test.describe('staff contact the member and write notes', () => {
  test.setTimeout(120_000);

  test('the notification e-mail is captured with the member’s address and the preview’s text', async ({ page }) => {
    await openOlivia(page);

    await page.getByRole('button', { name: 'Contact member' }).click({ timeout: 30_000 });
    const dialog = page.getByTestId('contact-member-dialog');
    await dialog.getByLabel('Template').selectOption({ label: 'Please contact us' }, { timeout: 30_000 });
    const subject = await dialog.getByLabel('E-mail subject').inputValue();
    const body = await dialog.getByLabel('E-mail text').inputValue();
    expect(body).toContain('Dear Olivia');
    expect(body).not.toMatch(/[{}]/);
    const asked = operationLog(page);
    await dialog.getByRole('button', { name: 'Send notification' }).click();
    await expect(page.getByText('Notification has been successfully queued and will be sent shortly.')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Queued, nothing of the overview changed: it is not asked again (the list follows the notice's activity when the
    // notice goes out: activityAdded asks the list alone).
    await asked.quiet();
    console.log(`[journey] a notification sent asked: ${asked.names().join(', ')}`);
    expect(asked.names()).not.toContain('OverviewPage');

    await page.goto('/messages');
    const mail = page.getByTestId('captured-message').filter({ hasText: subject }).filter({ hasText: MEMBER_EMAIL });
    await expect(mail.first()).toBeVisible({ timeout: 20_000 });
    await expect(mail.first().locator('[data-field="recipients"]')).toHaveText(MEMBER_EMAIL);
    await expect(mail.first().locator('[data-field="body"]')).toContainText(body);
    await expect(page.getByRole('table', { name: 'Delivery status' }).getByText('Sent').first()).toBeVisible();
  });

  test('a note: empty text is refused with the spec’s message, then added and shown in the notes', async ({ page }) => {
    await openOlivia(page);
    const notes = page.getByRole('region', { name: 'Agreement notes' });
    await notes.getByRole('button', { name: 'Add note' }).click({ timeout: 30_000 });
    const dialog = page.getByTestId('member-note-dialog');
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(dialog.getByText('Note text must be non-empty.')).toBeVisible();
    const text = `Browser note ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Note' }).fill(text);
    const asked = operationLog(page);
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(dialog).toBeHidden();
    await expect(notes.getByRole('listitem').filter({ hasText: text })).toContainText(AGENT.name);
    // A note is no figure (the server announces none): the page asks its query once for it, its activity the list.
    await asked.quiet();
    console.log(`[journey] a note added asked: ${asked.names().join(', ')}`);
    expect(asked.names().filter((name) => name === 'OverviewPage')).toHaveLength(1);
  });

  test('staff edit a template: an unknown placeholder is refused, a valid text is saved', async ({ page }) => {
    await signIn(page, AGENT);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 }); // signed in before the next address is typed
    await page.goto('/messages');
    const templates = page.getByRole('list', { name: 'Sent by staff (Contact member)' });
    await templates
      .getByRole('listitem')
      .filter({ has: page.getByText('Bill reminder', { exact: true }) })
      .getByRole('button', { name: /^Edit/ })
      .click({ timeout: 30_000 });
    const dialog = page.getByTestId('template-dialog');
    const text = dialog.getByRole('textbox', { name: 'E-mail text' });
    await text.fill('Dear {firstname}, your {billerName} bill is due on {date}.');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await expect(dialog.getByText(/^The placeholder \{firstname\} cannot be used in this e-mail text\./)).toBeVisible();
    await text.fill('Dear {firstName}, your {billerName} bill of {amount} is due on {date}.');
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('The template has been saved.')).toBeVisible();
  });
});
