import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.js';
import { AGENT, overflowsHorizontally, seriousViolations, signIn } from './portal-pages.js';

/** The last cell of a CSV line: the total in arrears ('$120.50', or quoted '"$1,234.56"'). */
const lastMoney = (line: string) => /"?(\$[\d,]+\.\d\d)"?$/.exec(line)![1];
const cents = (money: string) => Math.round(Number(money.replace(/[^0-9.-]/g, '')) * 100);

test.describe('the missed-deposit report', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script
  test('staff generate it for every branch, collapse a branch, and download CSV and PDF with the screen’s totals', async ({
    page,
  }) => {
    await signIn(page, AGENT);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Missed deposits' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Missed deposits report' })).toBeVisible();

    // Nothing chosen: the spec's words, nothing asked of the server.
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByText('Please select a branch')).toBeVisible();

    const rows = page.getByTestId('branch-row');
    await expect(rows.first()).toBeVisible();
    for (const row of await rows.all()) expect(await row.getByRole('checkbox').count()).toBeLessThanOrEqual(5);
    await page.getByText('Select all').click();
    await page.getByRole('button', { name: 'Generate' }).click();
    const summary = page.getByTestId('report-summary');
    await expect(summary).toHaveText(/\d+ agreements? in arrears, total \$[\d,]+\.\d\d/);
    await expect(page.getByText('Please select a branch')).toHaveCount(0);
    const screenTotal = cents((await page.getByTestId('report-total').innerText()).split('\n').at(-1)!);
    const groups = page.getByTestId('branch-group');
    const branchTotals = await page.getByTestId('branch-total').allInnerTexts();
    expect(branchTotals.length).toBeGreaterThan(0);
    expect(branchTotals.reduce((total, text) => total + cents(text), 0)).toBe(screenTotal);
    expect(await seriousViolations(page)).toEqual([]);

    // Collapse and expand a branch.
    const toggle = groups.first().getByRole('button').first();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(groups.first().getByRole('table')).toBeHidden();
    await page.getByRole('button', { name: 'Expand all' }).click();
    await expect(groups.first().getByRole('table')).toBeVisible();

    // CSV: the last line is the total, equal to the screen's.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toBe('Missed_Deposits_Report.csv');
    const lines = readFileSync((await csvFile.path())!, 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Branch,Account,Members,Agreement/);
    expect(lines.at(-1)).toMatch(/^All branches,/);
    expect(cents(lastMoney(lines.at(-1)!))).toBe(screenTotal);
    const csvBranchTotals = lines.filter((line) => line.includes(',Branch total,'));
    expect(csvBranchTotals.map((line) => cents(lastMoney(line)))).toEqual(branchTotals.map(cents));

    // PDF, read back as text: the same branch totals and total.
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    const pdfFile = await pdfDownload;
    expect(pdfFile.suggestedFilename()).toBe('Missed_Deposits_Report.pdf');
    const text = execFileSync('pdftotext', ['-layout', (await pdfFile.path())!, '-']).toString('utf8');
    expect(text).toContain('Printed on');
    const pdfTotal = /All branches\s+Total\s+\d+ agreements?\s+(\$[\d,]+\.\d\d)/.exec(text);
    expect(pdfTotal && cents(pdfTotal[1])).toBe(screenTotal);
    const pdfBranchTotals = [...text.matchAll(/Branch total\s+\d+ agreements?\s+(\$[\d,]+\.\d\d)/g)].map((m) =>
      cents(m[1]),
    );
    expect(pdfBranchTotals).toEqual(branchTotals.map(cents));
  });

  test('at 375 px the form and results fit without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, AGENT);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Missed deposits' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Missed deposits report' })).toBeVisible();
    await page.getByText('Select all').click();
    await page.getByRole('button', { name: 'Generate' }).click();
    await expect(page.getByTestId('report-summary')).toBeVisible();
    expect(await overflowsHorizontally(page)).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
