import { addDays, type LocalDate } from '../../server/src/shared/local-date.js';
import { shown } from './clock.js';
import { expect, test, type Page } from './fixtures.js';
import { AGENT, graphql, signIn, staffToken } from './portal-pages.js';

/*
 * Issue 25 in the browser, as the server answers it (the client copies no rule): staff are not offered Modify or Renew
 * on a resigned member's account (100005), and the Modify page says why (an alert, read out); once the bank's deposits step of the day has
 * run (demo mode's "Run the next day"), a modification's next deposit is from tomorrow, and today typed is refused at
 * the date in the server's words.
 */
const RESIGNED =
  'This membership has been resigned. Activity is therefore suspended on this agreement: it cannot be modified or renewed.';
const TAKEN = 'Today’s deposits have already been taken; the next deposit can be tomorrow or later.';
const OLIVIA = { memberId: 1, accountId: 1 };

async function staffSignedIn(page: Page): Promise<void> {
  await signIn(page, AGENT);
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
}

/** The agreement dropdown's entries as staff see them (opened from the main navigation). */
async function agreementMenu(page: Page): Promise<string[]> {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Agreement/ })
    .click();
  const items = page.getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const labels = (await items.allTextContents()).map((text) => text.trim());
  await page.keyboard.press('Escape');
  return labels;
}

test('a resigned member’s account offers staff no Modify or Renew, and the Modify page says why', async ({
  page,
  request,
}) => {
  const token = await staffToken(request);
  const found = await graphql<{
    searchMembers: { memberId: number; memberNumber: string; accounts: { accountId: number }[] }[];
  }>(
    request,
    token,
    'query { searchMembers(searchString: "100005", resultCount: 5) { memberId memberNumber accounts { accountId } } }',
    {},
  );
  const amelia = found.searchMembers.find((m) => m.memberNumber === '100005')!;
  const base = `/member/${amelia.memberId}/account/${amelia.accounts[0].accountId}`;
  await staffSignedIn(page);
  await page.goto(`${base}/member/profile`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  const menu = await agreementMenu(page);
  expect(menu).toEqual(expect.arrayContaining(['Agreement summary', 'Manage agreement']));
  expect(menu).not.toContain('Modify agreement');
  expect(menu).not.toContain('Renew agreement');

  await page.goto(`${base}/modifyagreement`);
  await expect(page.getByRole('alert').filter({ hasText: RESIGNED })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Start the modification' })).toHaveCount(0);
});

test('after the bank’s day has run, a modification’s next deposit is from tomorrow; today is refused at the date', async ({
  page,
  request,
}) => {
  test.slow();
  const token = await staffToken(request);
  const { runNextDemoDay: day } = await graphql<{ runNextDemoDay: { date: LocalDate } }>(
    request,
    token,
    'mutation { runNextDemoDay { date } }',
    {},
  );
  const started = await graphql<{ startAgreementModification: { wizard: { agreementId: number } | null } }>(
    request,
    token,
    'mutation($m: Int!, $a: Int!) { startAgreementModification(memberId: $m, accountId: $a) { wizard { agreementId } } }',
    { m: OLIVIA.memberId, a: OLIVIA.accountId },
  );
  const agreementId = started.startAgreementModification.wizard!.agreementId;
  await graphql(
    request,
    token,
    'mutation($id: Int!, $p: WizardPositionInput!) { saveAgreementWizardPosition(agreementId: $id, position: $p) { errors { code } } }',
    { id: agreementId, p: { step: 4, mode: null } },
  );

  await staffSignedIn(page);
  await page.goto(`/member/${OLIVIA.memberId}/account/${OLIVIA.accountId}/contract/continue`);
  const step = page.getByRole('region', { name: 'Deposits' });
  await expect(step.getByTestId('wizard-step-deposits')).toBeVisible({ timeout: 30_000 });
  const date = step.getByLabel('Next deposit date');
  const tomorrow = addDays(day.date, 1);
  await expect(step.getByText(new RegExp(`^From ${shown(tomorrow)} to `))).toBeVisible({ timeout: 20_000 });
  // Proposed: the version in force's next deposit (never today, whose deposits were taken).
  await expect(date).not.toHaveValue(shown(day.date));

  await date.fill(shown(day.date));
  await expect(step.getByRole('alert').filter({ hasText: TAKEN })).toBeVisible({ timeout: 20_000 });
  await expect(date).toHaveAttribute('aria-invalid', 'true');
});
