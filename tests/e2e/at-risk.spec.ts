import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { AGENT, seriousViolations, signIn } from './portal-pages.js';

test.describe('the at-risk worklist', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script
  test('staff open it from their dashboard, widen the weeks, open a member and download the CSV', async ({ page }) => {
    await signIn(page, AGENT);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Agreements at risk' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Agreements at risk' })).toBeVisible();

    await page.getByLabel('Look ahead').selectOption('26');
    const summary = page.getByText(/active agreements? go(es)? short within 26 weeks|None of the \d+ active/);
    await expect(summary).toBeVisible();
    const rows = page.getByTestId('at-risk').getByRole('row');
    // The demo data has an agreement whose forecast goes short (the graphs page shows it): it is listed.
    await expect(rows.nth(1)).toBeVisible();
    const count = (await rows.count()) - 1;
    expect(count).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Agreements_At_Risk.csv');
    const csv = readFileSync((await file.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toMatch(/^Member number,Member,Account/);
    expect(csv).toHaveLength(count + 1); // the same rows as the screen

    const first = rows.nth(1).getByRole('link');
    const name = (await first.textContent())!;
    await first.click();
    await expect(page).toHaveURL(/\/member\/\d+\/account\/\d+\/overview/);
    await expect(page.getByText(name).first()).toBeVisible();
  });
});
