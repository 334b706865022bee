import { Migration } from '@mikro-orm/migrations';

/** A choice at term end per version due for renewal (agreement/term-end/README.md, issue 24 item 5). */
export class Migration20261127233834_term_end_choice extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "term_end_choice" ("id" serial primary key, "agreement_id" int not null, "account_id" int not null, "choice" smallint not null, "linked_account_id" int null, "chosen_by_id" int null, "chosen_at" timestamptz not null default now(), "applied_at" timestamptz null, "applied_amount" numeric(14,2) null, "applied_transaction_id" int null);`);
    this.addSql(`alter table "term_end_choice" add constraint "term_end_choice_agreement_id_unique" unique ("agreement_id");`);

    this.addSql(`alter table "term_end_choice" add constraint "term_end_choice_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "term_end_choice" add constraint "term_end_choice_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade;`);
    this.addSql(`alter table "term_end_choice" add constraint "term_end_choice_linked_account_id_foreign" foreign key ("linked_account_id") references "linked_account" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "term_end_choice" add constraint "term_end_choice_chosen_by_id_foreign" foreign key ("chosen_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "term_end_choice" add constraint "term_end_choice_applied_transaction_id_foreign" foreign key ("applied_transaction_id") references "ledger_transaction" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "term_end_choice" cascade;`);
  }

}
