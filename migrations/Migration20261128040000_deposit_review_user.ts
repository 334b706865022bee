import { Migration } from '@mikro-orm/migrations';

/** The user a deposit review the member accepted is prepared as (issue 24 item 2): it can never sign in. */
export class Migration20261128040000_deposit_review_user extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into "app_user" ("username", "password_hash", "display_name", "roles", "is_locked") values ('system.deposit-review', '!', 'Deposit review', '{AGENT}', true) on conflict ("username") do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "app_user" where "username" = 'system.deposit-review';`);
  }
}
