import { Migration } from '@mikro-orm/migrations';

/**
 * The parts a step of the bank's day is split into (issue 23 items 2 and 3): one row per (step, day, round, part),
 * its agreement id range, written by the step's job when it splits the day (a round: each run of the step after the
 * last one ended); a part's job marks it done with its output in
 * the same transaction that sees whether every part of the step is done (then it sends the next step).
 */
export class Migration20261128170000_bank_day_partition extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "bank_day_partition" ("step" varchar(40) not null, "business_date" date not null, "round" int not null, "part" int not null, "from_id" int null, "to_id" int null, "created_at" timestamptz not null default now(), "done_at" timestamptz null, "output" jsonb null, constraint "bank_day_partition_pkey" primary key ("step", "business_date", "round", "part"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "bank_day_partition" cascade;`);
  }
}
