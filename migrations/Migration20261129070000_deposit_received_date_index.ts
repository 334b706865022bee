import { Migration } from '@mikro-orm/migrations';

/**
 * The deposits received on a day by an index (issue 23 item 2): the simulated bank's statement of the day, read by
 * reconciliation, read every deposit of the book to find them.
 */
export class Migration20261129070000_deposit_received_date_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "scheduled_deposit_received_date_index" on "scheduled_deposit" ("received_date");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "scheduled_deposit_received_date_index";`);
  }
}
