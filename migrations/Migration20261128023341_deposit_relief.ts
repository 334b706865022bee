import { Migration } from '@mikro-orm/migrations';

/** Deposit relief (issue 24 item 4): each deposit a hardship arrangement changed, with its amount before and after. */
export class Migration20261128023341_deposit_relief extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "deposit_relief" ("id" serial primary key, "scheduled_deposit_id" int not null, "relief_key" text not null, "amount_before" numeric(14,2) not null, "amount_after" numeric(14,2) not null, "holiday" boolean not null, "created_at" timestamptz not null default now(), "undone_at" timestamptz null);`);
    this.addSql(`create index "deposit_relief_scheduled_deposit_id_index" on "deposit_relief" ("scheduled_deposit_id");`);
    this.addSql(`create index "deposit_relief_relief_key_index" on "deposit_relief" ("relief_key");`);

    this.addSql(`alter table "deposit_relief" add constraint "deposit_relief_scheduled_deposit_id_foreign" foreign key ("scheduled_deposit_id") references "scheduled_deposit" ("id") on update cascade on delete cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "deposit_relief" cascade;`);
  }

}
