import { Migration } from '@mikro-orm/migrations';

/**
 * The bills whose status follows the date (0, 1, 6), by agreement and due date (issue 23 item 2): a part of the bank
 * day's calendar (the agreements of an id range) reads its own bills of the window; by the due date alone it read the
 * window's bills of the whole book and kept its own, so each part cost the book and the calendar grew with the square
 * of its size.
 */
export class Migration20261129160000_bill_open_agreement_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "bill_open_agreement_due_date_index" on "bill" ("agreement_id", "due_date") where "status" in (0, 1, 6);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "bill_open_agreement_due_date_index";`);
  }
}
