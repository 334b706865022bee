import type { MigrationObject } from '@mikro-orm/core';

/** A migration: its name (the class its file exports) and how to load its file. */
export interface MigrationEntry {
  name: string;
  load(): Promise<object>;
}

/**
 * Every migration in order. Add each new migration here (no folder scanning). The files are loaded only to migrate
 * (`loadMigrations`): they bring `@mikro-orm/migrations` and its libraries, which a start with nothing to migrate does
 * not need (issue 23 item 6).
 */
export const migrations: readonly MigrationEntry[] = [
  { name: 'Migration20261121050750_initial', load: () => import('./Migration20261121050750_initial.js') },
  { name: 'Migration20261121052426_domain_core', load: () => import('./Migration20261121052426_domain_core.js') },
  {
    name: 'Migration20261121054806_portal_search_and_queued_changes',
    load: () => import('./Migration20261121054806_portal_search_and_queued_changes.js'),
  },
  { name: 'Migration20261121063845_audit_record', load: () => import('./Migration20261121063845_audit_record.js') },
  {
    name: 'Migration20261123180901_auth_throttle_and_secret',
    load: () => import('./Migration20261123180901_auth_throttle_and_secret.js'),
  },
  {
    name: 'Migration20261123184500_interest_rate_limit',
    load: () => import('./Migration20261123184500_interest_rate_limit.js'),
  },
  { name: 'Migration20261123184646_used_sso_token', load: () => import('./Migration20261123184646_used_sso_token.js') },
  {
    name: 'Migration20261123190500_company_payment_methods',
    load: () => import('./Migration20261123190500_company_payment_methods.js'),
  },
  { name: 'Migration20261123213000_core_banking', load: () => import('./Migration20261123213000_core_banking.js') },
  {
    name: 'Migration20261123214500_agreement_wizard_position',
    load: () => import('./Migration20261123214500_agreement_wizard_position.js'),
  },
  {
    name: 'Migration20261123221500_notification_outbox',
    load: () => import('./Migration20261123221500_notification_outbox.js'),
  },
  {
    name: 'Migration20261124035000_event_notification_templates',
    load: () => import('./Migration20261124035000_event_notification_templates.js'),
  },
  {
    name: 'Migration20261124043000_capacity_checked_questions',
    load: () => import('./Migration20261124043000_capacity_checked_questions.js'),
  },
  {
    name: 'Migration20261124070500_partial_deposits',
    load: () => import('./Migration20261124070500_partial_deposits.js'),
  },
  {
    name: 'Migration20261124073000_member_account_link_account',
    load: () => import('./Migration20261124073000_member_account_link_account.js'),
  },
  {
    name: 'Migration20261124123912_core_banking_statement',
    load: () => import('./Migration20261124123912_core_banking_statement.js'),
  },
  {
    name: 'Migration20261125100000_one_pending_arrears_approval',
    load: () => import('./Migration20261125100000_one_pending_arrears_approval.js'),
  },
  { name: 'Migration20261127123912_agreement_plan', load: () => import('./Migration20261127123912_agreement_plan.js') },
  {
    name: 'Migration20261127124500_store_running_plans',
    load: () => import('./Migration20261127124500_store_running_plans.js'),
  },
  { name: 'Migration20261127130000_member_notices', load: () => import('./Migration20261127130000_member_notices.js') },
  {
    name: 'Migration20261127133805_agreement_settlement',
    load: () => import('./Migration20261127133805_agreement_settlement.js'),
  },
  { name: 'Migration20261127150000_staff_worklist', load: () => import('./Migration20261127150000_staff_worklist.js') },
  {
    name: 'Migration20261127160000_demo_billers_payable',
    load: () => import('./Migration20261127160000_demo_billers_payable.js'),
  },
  {
    name: 'Migration20261127170000_activity_append_only',
    load: () => import('./Migration20261127170000_activity_append_only.js'),
  },
  { name: 'Migration20261127233806_hardship_case', load: () => import('./Migration20261127233806_hardship_case.js') },
  {
    name: 'Migration20261127233834_term_end_choice',
    load: () => import('./Migration20261127233834_term_end_choice.js'),
  },
  { name: 'Migration20261128023341_deposit_relief', load: () => import('./Migration20261128023341_deposit_relief.js') },
  {
    name: 'Migration20261128030000_renewal_notice_term_end',
    load: () => import('./Migration20261128030000_renewal_notice_term_end.js'),
  },
  { name: 'Migration20261128031500_deposit_review', load: () => import('./Migration20261128031500_deposit_review.js') },
  {
    name: 'Migration20261128040000_deposit_review_user',
    load: () => import('./Migration20261128040000_deposit_review_user.js'),
  },
  {
    name: 'Migration20261128060000_shortfall_fix_user',
    load: () => import('./Migration20261128060000_shortfall_fix_user.js'),
  },
  {
    name: 'Migration20261128140000_deposit_agreement_status_index',
    load: () => import('./Migration20261128140000_deposit_agreement_status_index.js'),
  },
  {
    name: 'Migration20261128170000_bank_day_partition',
    load: () => import('./Migration20261128170000_bank_day_partition.js'),
  },
  {
    name: 'Migration20261128200000_renewal_sms_term_end',
    load: () => import('./Migration20261128200000_renewal_sms_term_end.js'),
  },
  {
    name: 'Migration20261129070000_deposit_received_date_index',
    load: () => import('./Migration20261129070000_deposit_received_date_index.js'),
  },
  {
    name: 'Migration20261129073000_bill_open_due_date_index',
    load: () => import('./Migration20261129073000_bill_open_due_date_index.js'),
  },
  {
    name: 'Migration20261129074500_activity_bank_window_index',
    load: () => import('./Migration20261129074500_activity_bank_window_index.js'),
  },
  {
    name: 'Migration20261129100000_bill_index_writes',
    load: () => import('./Migration20261129100000_bill_index_writes.js'),
  },
  {
    name: 'Migration20261129160000_bill_open_agreement_index',
    load: () => import('./Migration20261129160000_bill_open_agreement_index.js'),
  },
  {
    name: 'Migration20261129190000_bill_settled_biller_index',
    load: () => import('./Migration20261129190000_bill_settled_biller_index.js'),
  },
  {
    name: 'Migration20261129220000_deposit_review_open_account_index',
    load: () => import('./Migration20261129220000_deposit_review_open_account_index.js'),
  },
];

/** The migrations as MikroORM's migrator takes them: every file loaded, each one's class under its name. */
export async function loadMigrations(): Promise<MigrationObject[]> {
  return Promise.all(
    migrations.map(async ({ name, load }) => {
      const migration = ((await load()) as Partial<Record<string, MigrationObject['class']>>)[name];
      if (!migration) throw new Error(`migrations/${name}.ts does not export the class ${name}`);
      return { name, class: migration };
    }),
  );
}
