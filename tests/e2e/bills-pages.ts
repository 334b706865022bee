import { expect, type Page } from '@playwright/test';

/** Page objects of the bill screens: what a person sees and does, in the words on the screen. */
export class BillDashboardPage {
  constructor(private readonly page: Page) {}

  async open(memberId: number, accountId: number): Promise<void> {
    await this.page.goto(`/member/${memberId}/account/${accountId}/paybill`);
    await expect(this.page.getByRole('heading', { name: 'Pay a bill' })).toBeVisible();
    await expect(this.page.getByRole('table', { name: 'Bills due for payment' })).toBeVisible();
  }

  /** dueDate as shown: DD-MM-YYYY. */
  async pay(nickname: string, dueDate: string): Promise<void> {
    await this.page.getByRole('button', { name: `Pay ${nickname} due ${dueDate}` }).click();
  }
}

export class PayBillPage {
  constructor(private readonly page: Page) {}

  async expectOpen(kind: 'bill' | 'allocation'): Promise<void> {
    await expect(this.page.getByRole('heading', { name: `Pay ${kind}` })).toBeVisible();
  }

  async enterAmount(amount: string): Promise<void> {
    await this.page.getByLabel('Amount').fill(amount);
  }

  async confirmAndPay(): Promise<void> {
    await this.page.getByRole('button', { name: 'Confirm payment' }).click();
    const review = this.page.getByRole('dialog', { name: 'Confirm pay bills' });
    await expect(review).toBeVisible();
    await review.getByRole('button', { name: 'Confirm pay' }).click();
  }

  async chooseTopUp(label: RegExp | string): Promise<void> {
    await this.page.getByText(label).click();
  }
}

export class ConfirmationPage {
  constructor(private readonly page: Page) {}

  async expectFigure(label: string, value: string): Promise<void> {
    const summary = this.page.getByTestId('confirmation-summary');
    const item = summary.locator('> *').filter({ has: this.page.getByText(label, { exact: true }) });
    await expect(item).toContainText(value);
  }
}

export class ApprovalQueuePage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/approvals');
    await expect(this.page.getByRole('heading', { name: 'Approvals' })).toBeVisible();
  }

  async approve(requestText: string, note: string): Promise<void> {
    const request = this.page.getByTestId('approval-request').filter({ hasText: requestText });
    await request.getByRole('textbox').fill(note);
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect(this.page.getByText('Approval granted.')).toBeVisible();
  }
}
