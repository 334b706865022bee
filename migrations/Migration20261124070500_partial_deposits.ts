import { Migration } from '@mikro-orm/migrations';

/** The simulator's partial deposits (outcome 4): how much of each deposit covered arrives. */
export class Migration20261124070500_partial_deposits extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "core_banking_outcome" add column "amount" numeric(14,2) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "core_banking_outcome" drop column "amount";`);
  }

}
