import { Migration } from '@mikro-orm/migrations';

/**
 * The settled bills (2, 3, 7, 8, 9: no longer owed) by biller and due date (issue 23 item 2): the nightly deposit
 * review reads each agreement's bills paid so far of its term by biller; through `bill (biller_id, due_date)` it read
 * every bill of the term from the table (most of them still owed, which it already has from the projection's read).
 * A bill gets an entry only once settled, so the bank day's moves of owed bills (the calendar) write none.
 */
export class Migration20261129190000_bill_settled_biller_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "bill_settled_biller_due_date_index" on "bill" ("biller_id", "due_date") where "status" in (2, 3, 7, 8, 9);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "bill_settled_biller_due_date_index";`);
  }
}
