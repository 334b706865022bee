import { Migration } from '@mikro-orm/migrations';

/** The capacity-to-pay step's checklist answers (spec 3 §9 check questions): the questions ticked, by their text. */
export class Migration20261124043000_capacity_checked_questions extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "agreement" add column "capacity_checked_questions" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "agreement" drop column "capacity_checked_questions";`);
  }

}
