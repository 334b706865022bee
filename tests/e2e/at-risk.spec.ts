import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { AGENT, seriousViolations, signIn } from './portal-pages.js';

test.describe('the at-risk worklist', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script
  test('staff open it from their dashboard, sort it from the keyboard, export CSV and PDF in that order, contact a member and open one', async ({
    page,
  }) => {
    await signIn(page, AGENT);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Agreements at risk' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Agreements at risk' })).toBeVisible();

    await page.getByLabel('Look ahead').selectOption('26');
    const summary = page.getByText(/active agreements? go(es)? short within 26 weeks|None of the \d+ active/);
    await expect(summary).toBeVisible();
    const table = page.getByTestId('at-risk');
    const rows = table.getByRole('row');
    // The demo data has an agreement whose forecast goes short (the graphs page shows it): it is listed.
    await expect(rows.nth(1)).toBeVisible();
    const count = (await rows.count()) - 1;
    expect(count).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Worst first at first; the Member header sorts by name from the keyboard, and says so (aria-sort).
    const riskHeader = table.getByRole('columnheader', { name: /^Risk/ });
    const memberHeader = table.getByRole('columnheader', { name: /^Member/ });
    await expect(riskHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(memberHeader).toHaveAttribute('aria-sort', 'none');
    await memberHeader.getByRole('button').focus();
    await page.keyboard.press('Enter');
    await expect(memberHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(riskHeader).toHaveAttribute('aria-sort', 'none');
    await page.keyboard.press('Enter');
    await expect(memberHeader).toHaveAttribute('aria-sort', 'descending');
    const names = await table.locator('tbody tr').getByRole('link').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a)));

    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toBe('Agreements_At_Risk.csv');
    const csv = readFileSync((await csvFile.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toMatch(/^Member number,Member,Account/);
    expect(csv).toHaveLength(count + 1); // the same rows as the screen
    // In the screen's order (member, descending).
    expect(csv.slice(1).map((line) => line.split(',')[1].replace(/^"|"$/g, ''))).toEqual(names);

    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const pdfFile = await pdfDownload;
    expect(pdfFile.suggestedFilename()).toBe('Agreements_At_Risk.pdf');
    const text = execFileSync('pdftotext', ['-layout', (await pdfFile.path())!, '-']).toString('utf8');
    expect(text).toContain('Printed on');
    expect(text).toContain(`${count} of `);
    for (const name of names) expect(text).toContain(name);

    // Contact member: the notification dialog, filled for that row's member.
    const first = rows.nth(1);
    const name = (await first.getByRole('link').textContent())!;
    await first.getByRole('button', { name: `Contact member ${name}`, exact: false }).click();
    const dialog = page.getByTestId('contact-member-dialog');
    await expect(dialog.getByRole('heading', { name: 'Contact member' })).toBeVisible();
    await expect(dialog.getByLabel('E-mail text')).toHaveValue(new RegExp(name.split(' ')[0]));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/member\/\d+\/account\/\d+\/overview/);
    await expect(page.getByText(name).first()).toBeVisible();
  });
});
