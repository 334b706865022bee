import { Migration } from '@mikro-orm/migrations';

/** The user a deposit raise the member asked for from the shortfall panel is prepared as (issue 24 item 1): it can never sign in. */
export class Migration20261128060000_shortfall_fix_user extends Migration {
  override async up(): Promise<void> {
    this.addSql(`insert into "app_user" ("username", "password_hash", "display_name", "roles", "is_locked") values ('system.shortfall-fix', '!', 'Shortfall fix', '{AGENT}', true) on conflict ("username") do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "app_user" where "username" = 'system.shortfall-fix';`);
  }
}
