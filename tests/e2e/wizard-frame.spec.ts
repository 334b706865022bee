import { expect, test, type Page } from './fixtures.js';
import { AGENT, MemberSearch, seriousViolations, signIn } from './portal-pages.js';

/** The agreement wizard's frame (spec 2 §2, spec 3 §2): entries in the header, the checklist, steps saved, cancel. */

/**
 * Staff find the member and open one of their account's pages that is not the overview (the profile): the header's
 * Agreement menu is there too. (On this run's main the overview page hangs the browser since the notes section
 * landed: see the report; the journey avoids it.)
 */
async function openAccountOf(page: Page, name: string, account = '.*'): Promise<string> {
  await signIn(page, AGENT);
  const search = new MemberSearch(page);
  await search.byText(name.split(' ')[1].toLowerCase());
  const link = search
    .results()
    .filter({ hasText: name })
    .getByRole('link', { name: new RegExp(`^Open account ${account} of ${name}$`) })
    .first();
  const href = (await link.getAttribute('href')) ?? '';
  const base = /^\/member\/\d+\/account\/\d+/.exec(href)?.[0] ?? '';
  expect(base).not.toBe('');
  await page.goto(`${base}/member/profile`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return base;
}

async function agreementMenuEntry(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: /Agreement/ })
    .click();
  return page.getByRole('menuitem', { name: label });
}

test.describe('the agreement wizard', () => {
  test.use({ bypassCSP: true });
  // Several screens, a reload and axe scans on a shared 2-core machine.
  test.setTimeout(150_000);

  test('staff start a new agreement for an account without one, go a step, reload and continue there', async ({
    page,
  }) => {
    await openAccountOf(page, 'Liam Taylor');
    const create = await agreementMenuEntry(page, 'Create agreement');
    await expect(page.getByRole('menuitem', { name: 'Modify agreement' })).toHaveCount(0);
    await create.click();

    await expect(page.getByRole('heading', { level: 1, name: 'New agreement' })).toBeVisible();
    const checklist = page.getByRole('region', { name: 'Before you proceed' });
    const start = checklist.getByRole('button', { name: 'Start the agreement' });
    await expect(start).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    const boxes = checklist.getByRole('checkbox');
    for (let i = 0; i < (await boxes.count()); i += 1) await boxes.nth(i).check({ force: true });
    await start.click();

    // A new pending contract starts at step 1, adding a biller.
    await expect(page).toHaveURL(/\/contract\/continue\?flow=new$/);
    const step = page.getByRole('region', { name: 'Choose a category' });
    await expect(step).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Wizard steps' }).getByRole('listitem')).toHaveCount(4);
    expect(await seriousViolations(page)).toEqual([]);
    await step.getByRole('button', { name: 'Electricity' }).click();
    await expect(page.getByRole('region', { name: 'Choose a company' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('region', { name: 'Choose a company' })).toBeVisible();
    // Back at the list: nothing in it yet, and continue reads "Let's continue".
    await page.getByRole('button', { name: 'Back to the list' }).click();
    const list = page.getByRole('region', { name: 'Billers' });
    await expect(list.getByText(/No data available/)).toBeVisible();
    await expect(list.getByRole('button', { name: "Let's continue" })).toBeVisible();
  });

  test('staff start a modification of an active agreement and cancel it', async ({ page }) => {
    const base = await openAccountOf(page, 'Olivia Nguyen', '20000001'); // the active one
    await expect(page.getByRole('menuitem', { name: 'Create agreement' })).toHaveCount(0);
    await (await agreementMenuEntry(page, 'Modify agreement')).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Modify agreement' })).toBeVisible();
    // The staff text of the account's signing rules (client settings), before the change starts.
    await expect(page.getByTestId('signing-rules')).toContainText(
      'authorised according to the account’s signing rules',
    );
    await page.getByRole('button', { name: 'Start the modification' }).click();
    await expect(page).toHaveURL(/\/contract\/continue\?flow=modify$/);
    const list = page.getByRole('region', { name: 'Billers' });
    const edit = list.getByRole('button', { name: 'Edit agreement settings' });
    await expect(edit).toBeVisible();
    await edit.click();
    // Continue in modify mode: the three-step flow, at the deposits step.
    await expect(page.getByRole('region', { name: 'Deposits' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Wizard steps' }).getByRole('listitem')).toHaveCount(3);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    // A modification's cancel discards the change, not the agreement (issue 26 item 7).
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this change?' });
    await expect(dialog).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page).toHaveURL(/\/overview$/);
    // The agreement in force ran on; another modification may start.
    await page.goto(`${base}/member/profile`);
    await expect(await agreementMenuEntry(page, 'Modify agreement')).toBeVisible();
  });
});
