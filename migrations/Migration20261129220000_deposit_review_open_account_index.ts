import { Migration } from '@mikro-orm/migrations';

/**
 * The open deposit reviews (pending 0, referred 2) by account: a transaction that changes the figures of accounts
 * (a payment, a top-up, a bank day's batch of thousands) asks which of them have an open review to work out again, in
 * one statement through this small index (only open reviews have entries), before it commits.
 */
export class Migration20261129220000_deposit_review_open_account_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "deposit_review_open_account_index" on "deposit_review" ("account_id") where "status" in (0, 2);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "deposit_review_open_account_index";`);
  }
}
