import { Migration } from '@mikro-orm/migrations';

/**
 * The agreed plan stored with its version (agreement/plan/README.md): the plan row with its schedule and one
 * deposit's split into the three pockets, its lines (what each deposit pays for, per biller or sub-category,
 * contingency, rainy day), and each scheduled deposit pointing at the plan that splits it.
 */
export class Migration20261127123912_agreement_plan extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "agreement_plan" ("id" serial primary key, "agreement_id" int not null, "effective_date" date not null, "contribution_frequency" smallint not null, "first_deposit_date" date null, "deposit_amount" numeric(14,2) not null, "deposit_dates" date[] not null, "opening_balance" numeric(14,2) not null, "allocation_share" numeric(14,2) not null, "contingency_share" numeric(14,2) not null, "rainy_day_share" numeric(14,2) not null, "source" smallint not null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "agreement_plan" add constraint "agreement_plan_agreement_id_unique" unique ("agreement_id");`);

    this.addSql(`create table "agreement_plan_line" ("id" serial primary key, "plan_id" int not null, "position" smallint not null, "kind" smallint not null, "biller_id" int null, "billing_sub_category_id" int null, "label" varchar(200) not null, "amount" numeric(14,2) not null, "period_total" numeric(14,2) not null, "bill_count" int not null);`);
    this.addSql(`alter table "agreement_plan_line" add constraint "agreement_plan_line_plan_id_position_unique" unique ("plan_id", "position");`);

    this.addSql(`alter table "agreement_plan" add constraint "agreement_plan_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade on delete cascade;`);

    this.addSql(`alter table "agreement_plan_line" add constraint "agreement_plan_line_plan_id_foreign" foreign key ("plan_id") references "agreement_plan" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "agreement_plan_line" add constraint "agreement_plan_line_biller_id_foreign" foreign key ("biller_id") references "biller" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "agreement_plan_line" add constraint "agreement_plan_line_billing_sub_category_id_foreign" foreign key ("billing_sub_category_id") references "billing_sub_category" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "scheduled_deposit" add column "plan_id" int null;`);
    this.addSql(`alter table "scheduled_deposit" add constraint "scheduled_deposit_plan_id_foreign" foreign key ("plan_id") references "agreement_plan" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "scheduled_deposit" drop constraint "scheduled_deposit_plan_id_foreign";`);

    this.addSql(`alter table "agreement_plan_line" drop constraint "agreement_plan_line_plan_id_foreign";`);

    this.addSql(`drop table if exists "agreement_plan" cascade;`);

    this.addSql(`drop table if exists "agreement_plan_line" cascade;`);

    this.addSql(`alter table "scheduled_deposit" drop column "plan_id";`);
  }

}
