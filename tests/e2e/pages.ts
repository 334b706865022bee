import { expect, type Page } from '@playwright/test';

/** Page objects: what a person sees and does, in the words on the screen. */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/');
    await expect(this.page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.page.getByLabel('Member number or username').fill(username);
    await this.page.getByLabel(/^Password/).fill(password);
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }
}

export class SelectAccountPage {
  constructor(private readonly page: Page) {}

  async expectAccounts(count: number): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'Select an account' })).toBeVisible();
    await expect(this.page.getByRole('button', { name: /^Open account/ })).toHaveCount(count);
  }

  async open(index: number): Promise<void> {
    await this.page
      .getByRole('button', { name: /^Open account/ })
      .nth(index)
      .click();
  }
}
