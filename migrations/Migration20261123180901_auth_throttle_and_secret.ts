import { Migration } from '@mikro-orm/migrations';

export class Migration20261123180901_auth_throttle_and_secret extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "app_secret" ("name" varchar(40) not null, "value" text not null, "created_at" timestamptz not null default now(), constraint "app_secret_pkey" primary key ("name"));`);

    this.addSql(`create table "auth_throttle" ("key" char(64) not null, "failures" int not null, "last_attempt_at" timestamptz null, "succeeded_at" timestamptz null, constraint "auth_throttle_pkey" primary key ("key"));`);
    this.addSql(`create index "auth_throttle_last_attempt_at_index" on "auth_throttle" ("last_attempt_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "app_secret" cascade;`);

    this.addSql(`drop table if exists "auth_throttle" cascade;`);
  }

}
