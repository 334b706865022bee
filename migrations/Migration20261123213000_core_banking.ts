import { Migration } from '@mikro-orm/migrations';

export class Migration20261123213000_core_banking extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "core_banking_outcome" ("id" serial primary key, "member_id" int not null, "event" smallint not null, "outcome" smallint not null, "biller_id" int null, "date_from" date null, "date_to" date null, "until" date null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "core_banking_outcome_member_id_index" on "core_banking_outcome" ("member_id");`);
    this.addSql(`alter table "core_banking_outcome" add constraint "core_banking_outcome_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade;`);
    this.addSql(`alter table "core_banking_outcome" add constraint "core_banking_outcome_biller_id_foreign" foreign key ("biller_id") references "biller" ("id") on update cascade on delete set null;`);

    this.addSql(`create table "bank_day_step" ("step" varchar(40) not null, "business_date" date not null, "agreement_id" int not null, "done_at" timestamptz not null default now(), constraint "bank_day_step_pkey" primary key ("step", "business_date", "agreement_id"));`);
    this.addSql(`alter table "bank_day_step" add constraint "bank_day_step_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade;`);

    // The user automatic payments are made as (the payment service records who paid): it can never sign in.
    this.addSql(`insert into "app_user" ("username", "password_hash", "display_name", "roles", "is_locked") values ('system.core-banking', '!', 'Automatic payment', '{AGENT}', true) on conflict ("username") do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "app_user" where "username" = 'system.core-banking';`);
    this.addSql(`drop table if exists "bank_day_step" cascade;`);
    this.addSql(`drop table if exists "core_banking_outcome" cascade;`);
  }

}
