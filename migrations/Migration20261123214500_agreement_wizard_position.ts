import { Migration } from '@mikro-orm/migrations';

/**
 * The agreement wizard's saved position (spec 2 §2): beside the step (wizard_step), the mode and the item being
 * worked on, so that a reload, another browser or another agent continues where the wizard stopped.
 */
export class Migration20261123214500_agreement_wizard_position extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "agreement" add column "wizard_mode" smallint null, add column "wizard_position" jsonb null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "agreement" drop column "wizard_mode", drop column "wizard_position";`);
  }

}
