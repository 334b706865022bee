import { Migration } from '@mikro-orm/migrations';

/** Deposit reviews recorded by the scheduled review, one open per agreement (agreement/review/README.md, issue 24 item 2). */
export class Migration20261128031500_deposit_review extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "deposit_review" ("id" serial primary key, "agreement_id" int not null, "account_id" int not null, "reviewed_on" date not null, "reason" smallint not null, "current_deposit" numeric(14,2) not null, "proposed_deposit" numeric(14,2) null, "top_up_first" numeric(14,2) not null default 0, "summary" varchar(500) not null, "reasons" jsonb not null, "status" smallint not null default 0, "referred_at" timestamptz null, "decided_at" timestamptz null, "decided_by_id" int null, "change_agreement_id" int null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "deposit_review_agreement_id_index" on "deposit_review" ("agreement_id");`);
    this.addSql(`create unique index "deposit_review_one_open" on "deposit_review" ("agreement_id") where "status" in (0, 2);`);

    this.addSql(`alter table "deposit_review" add constraint "deposit_review_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "deposit_review" add constraint "deposit_review_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade;`);
    this.addSql(`alter table "deposit_review" add constraint "deposit_review_decided_by_id_foreign" foreign key ("decided_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "deposit_review" add constraint "deposit_review_change_agreement_id_foreign" foreign key ("change_agreement_id") references "agreement" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "deposit_review" cascade;`);
  }

}
