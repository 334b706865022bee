import { Migration } from '@mikro-orm/migrations';
import type { EntityManager } from '@mikro-orm/postgresql';
import { storeMissingPlans } from '../server/src/modules/agreement/plan/plan-store.js';

/**
 * Stores the plan of every running agreement (1, 7, 4, 8) as the bank day has split its deposits until now: the
 * planner on the stored version from its start with nothing held. From here on the bank day reads it and no longer
 * plans a running agreement again. Runs in the migrations' transaction.
 */
export class Migration20261127124500_store_running_plans extends Migration {
  override async up(): Promise<void> {
    await storeMissingPlans(this.getEntityManager() as unknown as EntityManager);
  }

  override async down(): Promise<void> {
    this.addSql('update scheduled_deposit set plan_id = null;');
    this.addSql('delete from agreement_plan;');
  }
}
