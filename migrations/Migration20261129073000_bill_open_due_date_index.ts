import { Migration } from '@mikro-orm/migrations';

/**
 * The bills whose status follows the date (0, 1, 6), by due date (issue 23 item 2): the bank day's calendar reads
 * the window's bills and read every bill of the book to find them.
 */
export class Migration20261129073000_bill_open_due_date_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "bill_open_due_date_index" on "bill" ("due_date") where "status" in (0, 1, 6);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "bill_open_due_date_index";`);
  }
}
