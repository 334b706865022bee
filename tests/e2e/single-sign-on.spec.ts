import { createSsoToken } from '../../server/src/modules/auth/sso.js';
import { e2eNowSeconds } from './clock.js';
import { expect, test } from './fixtures.js';

/** The demo institution (id 1) and its development secret, as the README documents. */
const INSTITUTION = '1';
const SECRET = 'demo-sso-secret-for-institution-1';
/** Seconds from now on the server's clock (the run's clock, not the machine's). */
const inSeconds = (s: number) => e2eNowSeconds() + s;
const url = (token: string, id = INSTITUTION) =>
  `/singlesignon?token=${encodeURIComponent(token)}&id=${encodeURIComponent(id)}`;

test.describe('single sign-on', () => {
  test('signs a member in from the institution’s token and lists their accounts', async ({ page }) => {
    await page.goto(url(createSsoToken('100001', SECRET, inSeconds(120))));
    await expect(page).toHaveURL(/\/selectaccount\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Select an account' })).toBeVisible();
  });

  test('sends an expired token to the expired page (error code 5)', async ({ page }) => {
    await page.goto(url(createSsoToken('100001', SECRET, inSeconds(-5))));
    await expect(page).toHaveURL(/\/expired$/);
  });

  test('sends a forged token to the no-member page', async ({ page }) => {
    await page.goto(url(createSsoToken('100001', 'not-the-secret', inSeconds(120))));
    await expect(page).toHaveURL(/\/nomember\/0$/);
  });
});
