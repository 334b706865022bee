import { Migration } from '@mikro-orm/migrations';

/** A cancelled agreement's settlement: the closing statement's facts (agreement/settlement/README.md). */
export class Migration20261127133805_agreement_settlement extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "agreement_settlement" ("id" serial primary key, "agreement_id" int not null, "account_id" int not null, "cancelled_on" date not null, "reason" varchar(1000) not null, "allocation" numeric(14,2) not null, "contingency" numeric(14,2) not null, "rainy_day" numeric(14,2) not null, "bills_due" jsonb not null default '[]', "payout_linked_account_id" int null, "payout_amount" numeric(14,2) not null default 0, "payout_transaction_id" int null, "reset_transaction_id" int null, "reset_at" timestamptz null, "created_by_id" int null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "agreement_settlement_account_id_index" on "agreement_settlement" ("account_id");`);
    this.addSql(`alter table "agreement_settlement" add constraint "agreement_settlement_agreement_id_unique" unique ("agreement_id");`);

    this.addSql(`alter table "agreement_settlement" add constraint "agreement_settlement_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "agreement_settlement" add constraint "agreement_settlement_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade;`);
    this.addSql(`alter table "agreement_settlement" add constraint "agreement_settlement_payout_linked_account_id_foreign" foreign key ("payout_linked_account_id") references "linked_account" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "agreement_settlement" add constraint "agreement_settlement_payout_transaction_id_foreign" foreign key ("payout_transaction_id") references "ledger_transaction" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "agreement_settlement" add constraint "agreement_settlement_reset_transaction_id_foreign" foreign key ("reset_transaction_id") references "ledger_transaction" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "agreement_settlement" add constraint "agreement_settlement_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "agreement_settlement" cascade;`);
  }

}
