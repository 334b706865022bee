import { expect, test, type Page } from './fixtures.js';
import { seriousViolations, signIn } from './portal-pages.js';

/**
 * The wizard as a member meets it (spec 2 §2, issue 9 item 11): setting up a new agreement is staff work, so a member
 * who opens its address is told so and is offered nothing to fill in; the header never offers it to them.
 */

const LIAM = { username: '100006', password: 'member-demo-pass' };

/** The member's account base path (/member/{id}/account/{id}) after signing in. */
async function memberBase(page: Page): Promise<string> {
  await signIn(page, LIAM);
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 20_000 });
  if (/\/selectaccount\//.test(page.url())) {
    await page
      .getByRole('button', { name: /^Open account/ })
      .first()
      .click();
    await page.waitForURL(/\/member\/\d+\/account\/\d+\//, { timeout: 20_000 });
  }
  const base = /\/member\/\d+\/account\/\d+/.exec(new URL(page.url()).pathname)?.[0] ?? '';
  expect(base).not.toBe('');
  return base;
}

test.describe('the agreement wizard for a member', () => {
  test.use({ bypassCSP: true }); // axe is injected as a script
  test.setTimeout(120_000);

  test('a member cannot reach the staff-only new agreement: told so, nothing to fill in, no entry in the menu', async ({
    page,
  }) => {
    const base = await memberBase(page);
    await page.goto(`${base}/newagreement`);
    await expect(page.getByText('Only staff can set up a new agreement.')).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /start|continue/i })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${base}/member/profile`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
    const menu = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Agreement/ });
    if ((await menu.count()) > 0) {
      await menu.click();
      await expect(page.getByRole('menuitem', { name: /Create agreement|New agreement/ })).toHaveCount(0);
    }
  });
});
