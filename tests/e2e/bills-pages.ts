import { expect, type Page } from '@playwright/test';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { fromShown, institutionToday, shown } from './clock.js';

/** Page objects of the bill screens: what a person sees and does, in the words on the screen. */
export class BillDashboardPage {
  constructor(private readonly page: Page) {}

  async open(memberId: number, accountId: number): Promise<void> {
    await this.page.goto(`/member/${memberId}/account/${accountId}/paybill`);
    await expect(this.page.getByRole('heading', { name: 'Pay a bill' })).toBeVisible();
    await expect(this.page.getByRole('table', { name: 'Bills due for payment' })).toBeVisible();
  }

  /** The due dates of a payee's bills on the dashboard, in the order shown (read from the data, never assumed). */
  async dueDates(nickname: string): Promise<LocalDate[]> {
    const prefix = `Pay ${nickname} due `;
    const buttons = this.page.getByRole('button', { name: prefix });
    await expect(buttons.first()).toBeVisible();
    const labels = await buttons.evaluateAll((all) => all.map((button) => button.getAttribute('aria-label') ?? ''));
    return labels.filter((label) => label.startsWith(prefix)).map((label) => fromShown(label.slice(prefix.length)));
  }

  /** The due date of a payee's bill chosen by `which` (the first shown by default). */
  async dueDate(
    nickname: string,
    which: (due: LocalDate, today: LocalDate) => boolean = () => true,
  ): Promise<LocalDate> {
    const today = institutionToday();
    const due = (await this.dueDates(nickname)).find((date) => which(date, today));
    if (!due) throw new Error(`No ${nickname} bill on the dashboard fits (today ${today})`);
    return due;
  }

  /** Tops up rainy day through the dashboard's dialog, then sees the new balance in the heading. */
  async topUpRainyDay(fromAccount: string, amount: string): Promise<void> {
    const balance = this.page.getByText(/ · Rainy day \$/);
    const before = (await balance.textContent()) ?? '';
    await this.page.getByRole('button', { name: 'Top up rainy day' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Top up rainy day' });
    await dialog.getByLabel('From account').selectOption(fromAccount);
    await dialog.getByLabel('Amount').fill(amount);
    await dialog.getByRole('button', { name: 'Top up' }).click();
    await expect(dialog).toBeHidden();
    await expect(balance).not.toHaveText(before);
  }

  async pay(nickname: string, dueDate: LocalDate): Promise<void> {
    await this.page.getByRole('button', { name: `Pay ${nickname} due ${shown(dueDate)}`, exact: true }).click();
  }

  /** Reimburses the first bill shown whose biller is not on hold and is paid as a bill (not an Unknown allocation). */
  async reimburseFirstNotOnHold(): Promise<void> {
    const reimburse = this.page.getByRole('button', { name: /^Reimburse .+ due \d{2}-\d{2}-\d{4}$/ });
    const row = this.page
      .getByRole('table', { name: 'Bills due for payment' })
      .getByRole('row')
      .filter({ has: reimburse })
      .filter({ hasNotText: 'On hold' })
      .filter({ hasNotText: 'Unknown' })
      .first();
    await row.getByRole('button', { name: /^Reimburse / }).click();
  }

  async reimburse(nickname: string, dueDate: LocalDate): Promise<void> {
    await this.page.getByRole('button', { name: `Reimburse ${nickname} due ${shown(dueDate)}`, exact: true }).click();
  }
}

/** Bills not due yet (after the institution's today). */
export const notDueYet = (due: LocalDate, today: LocalDate): boolean => due > today;

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
    await expect(this.page.getByText(/^Approval granted: /)).toBeVisible();
  }
}
