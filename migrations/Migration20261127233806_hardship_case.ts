import { Migration } from '@mikro-orm/migrations';

/** A way through hardship (issue 24 item 4): members' requests for help and what staff arranged; one active per account. */
export class Migration20261127233806_hardship_case extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "hardship_case" ("id" serial primary key, "account_id" int not null, "member_id" int not null, "agreement_id" int not null, "status" smallint not null, "situation" text not null, "request_kind" text check ("request_kind" in ('None', 'DepositHoliday', 'LowerDeposit')) not null, "request_from" date null, "request_until" date null, "request_amount" numeric(14,2) null, "opened_at" timestamptz not null default now(), "opened_by_id" int not null, "arrangement_kind" text check ("arrangement_kind" in ('None', 'DepositHoliday', 'LowerDeposit')) null, "arrangement_from" date null, "arrangement_until" date null, "arrangement_amount" numeric(14,2) null, "arrangement_note" text null, "arranged_at" timestamptz null, "arranged_by_id" int null, "close_note" text null, "closed_at" timestamptz null, "closed_by_id" int null);`);
    this.addSql(`create index "hardship_case_account_id_index" on "hardship_case" ("account_id");`);
    this.addSql(`create unique index "hardship_case_one_active_per_account" on "hardship_case" ("account_id") where "status" in (1, 2);`);

    this.addSql(`alter table "hardship_case" add constraint "hardship_case_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade;`);
    this.addSql(`alter table "hardship_case" add constraint "hardship_case_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade;`);
    this.addSql(`alter table "hardship_case" add constraint "hardship_case_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade;`);
    this.addSql(`alter table "hardship_case" add constraint "hardship_case_opened_by_id_foreign" foreign key ("opened_by_id") references "app_user" ("id") on update cascade;`);
    this.addSql(`alter table "hardship_case" add constraint "hardship_case_arranged_by_id_foreign" foreign key ("arranged_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "hardship_case" add constraint "hardship_case_closed_by_id_foreign" foreign key ("closed_by_id") references "app_user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "hardship_case" cascade;`);
  }

}
