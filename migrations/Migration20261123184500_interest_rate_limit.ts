import { Migration } from '@mikro-orm/migrations';

export class Migration20261123184500_interest_rate_limit extends Migration {

  override async up(): Promise<void> {
    // The public register-interest form is rate-limited per address: the registrations counted are these rows.
    this.addSql(`alter table "interest_registration" add column "client_key" varchar(64) null;`);
    this.addSql(`create index "interest_registration_client_key_created_at_index" on "interest_registration" ("client_key", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "interest_registration_client_key_created_at_index";`);
    this.addSql(`alter table "interest_registration" drop column if exists "client_key";`);
  }

}
