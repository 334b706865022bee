import { Migration } from '@mikro-orm/migrations';

/**
 * An agreement's deposits of some statuses through one index (issue 23 item 4): the projection reads them per
 * agreement, and without planner statistics PostgreSQL combined the (agreement, due date) and (status, due date)
 * indexes, reading every pending deposit once per agreement.
 */
export class Migration20261128140000_deposit_agreement_status_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index "scheduled_deposit_agreement_id_status_due_date_index" on "scheduled_deposit" ("agreement_id", "status", "due_date");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "scheduled_deposit_agreement_id_status_due_date_index";`);
  }
}
