import { Migration } from '@mikro-orm/migrations';

export class Migration20261123184646_used_sso_token extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "used_sso_token" ("token_hash" char(64) not null, "expires_at" timestamptz not null, "used_at" timestamptz not null default now(), constraint "used_sso_token_pkey" primary key ("token_hash"));`);
    this.addSql(`create index "used_sso_token_expires_at_index" on "used_sso_token" ("expires_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "used_sso_token" cascade;`);
  }

}
