import { Migration } from '@mikro-orm/migrations';

/**
 * The payments (activity 0) a window settled (2) or failed (3) on a day, by the window written on them (issue 23
 * item 2): reconciliation read every activity to find them (`data->>'bankWindow' like 'YYYY-MM-DDT%'`).
 */
export class Migration20261129074500_activity_bank_window_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "activity_paid_bill_bank_window_index" on "activity" (("data"->>'bankWindow') text_pattern_ops) where "type" = 0 and "transaction_status" in (2, 3);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "activity_paid_bill_bank_window_index";`);
  }
}
