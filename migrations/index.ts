import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121050750_initial } from './Migration20261121050750_initial.js';
import { Migration20261121052426_domain_core } from './Migration20261121052426_domain_core.js';
import { Migration20261121054806_portal_search_and_queued_changes } from './Migration20261121054806_portal_search_and_queued_changes.js';
import { Migration20261121063845_audit_record } from './Migration20261121063845_audit_record.js';
import { Migration20261123180901_auth_throttle_and_secret } from './Migration20261123180901_auth_throttle_and_secret.js';
import { Migration20261123184500_interest_rate_limit } from './Migration20261123184500_interest_rate_limit.js';
import { Migration20261123184646_used_sso_token } from './Migration20261123184646_used_sso_token.js';
import { Migration20261123190500_company_payment_methods } from './Migration20261123190500_company_payment_methods.js';
import { Migration20261123213000_core_banking } from './Migration20261123213000_core_banking.js';
import { Migration20261123214500_agreement_wizard_position } from './Migration20261123214500_agreement_wizard_position.js';
import { Migration20261123221500_notification_outbox } from './Migration20261123221500_notification_outbox.js';
import { Migration20261124035000_event_notification_templates } from './Migration20261124035000_event_notification_templates.js';
import { Migration20261124043000_capacity_checked_questions } from './Migration20261124043000_capacity_checked_questions.js';
import { Migration20261124070500_partial_deposits } from './Migration20261124070500_partial_deposits.js';
import { Migration20261124073000_member_account_link_account } from './Migration20261124073000_member_account_link_account.js';
import { Migration20261124123912_core_banking_statement } from './Migration20261124123912_core_banking_statement.js';
import { Migration20261125100000_one_pending_arrears_approval } from './Migration20261125100000_one_pending_arrears_approval.js';
import { Migration20261127123912_agreement_plan } from './Migration20261127123912_agreement_plan.js';
import { Migration20261127124500_store_running_plans } from './Migration20261127124500_store_running_plans.js';
import { Migration20261127130000_member_notices } from './Migration20261127130000_member_notices.js';
import { Migration20261127133805_agreement_settlement } from './Migration20261127133805_agreement_settlement.js';
import { Migration20261127150000_staff_worklist } from './Migration20261127150000_staff_worklist.js';
import { Migration20261127160000_demo_billers_payable } from './Migration20261127160000_demo_billers_payable.js';
import { Migration20261127170000_activity_append_only } from './Migration20261127170000_activity_append_only.js';
import { Migration20261127233806_hardship_case } from './Migration20261127233806_hardship_case.js';
import { Migration20261127233834_term_end_choice } from './Migration20261127233834_term_end_choice.js';
import { Migration20261128023341_deposit_relief } from './Migration20261128023341_deposit_relief.js';
import { Migration20261128030000_renewal_notice_term_end } from './Migration20261128030000_renewal_notice_term_end.js';
import { Migration20261128031500_deposit_review } from './Migration20261128031500_deposit_review.js';
import { Migration20261128040000_deposit_review_user } from './Migration20261128040000_deposit_review_user.js';
import { Migration20261128060000_shortfall_fix_user } from './Migration20261128060000_shortfall_fix_user.js';
import { Migration20261128140000_deposit_agreement_status_index } from './Migration20261128140000_deposit_agreement_status_index.js';

/** Every migration in order. Add each new migration here (no folder scanning). */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261121050750_initial', class: Migration20261121050750_initial },
  { name: 'Migration20261121052426_domain_core', class: Migration20261121052426_domain_core },
  {
    name: 'Migration20261121054806_portal_search_and_queued_changes',
    class: Migration20261121054806_portal_search_and_queued_changes,
  },
  { name: 'Migration20261121063845_audit_record', class: Migration20261121063845_audit_record },
  {
    name: 'Migration20261123180901_auth_throttle_and_secret',
    class: Migration20261123180901_auth_throttle_and_secret,
  },
  { name: 'Migration20261123184500_interest_rate_limit', class: Migration20261123184500_interest_rate_limit },
  { name: 'Migration20261123184646_used_sso_token', class: Migration20261123184646_used_sso_token },
  {
    name: 'Migration20261123190500_company_payment_methods',
    class: Migration20261123190500_company_payment_methods,
  },
  { name: 'Migration20261123213000_core_banking', class: Migration20261123213000_core_banking },
  {
    name: 'Migration20261123214500_agreement_wizard_position',
    class: Migration20261123214500_agreement_wizard_position,
  },
  { name: 'Migration20261123221500_notification_outbox', class: Migration20261123221500_notification_outbox },
  {
    name: 'Migration20261124035000_event_notification_templates',
    class: Migration20261124035000_event_notification_templates,
  },
  {
    name: 'Migration20261124043000_capacity_checked_questions',
    class: Migration20261124043000_capacity_checked_questions,
  },
  { name: 'Migration20261124070500_partial_deposits', class: Migration20261124070500_partial_deposits },
  {
    name: 'Migration20261124073000_member_account_link_account',
    class: Migration20261124073000_member_account_link_account,
  },
  { name: 'Migration20261124123912_core_banking_statement', class: Migration20261124123912_core_banking_statement },
  {
    name: 'Migration20261125100000_one_pending_arrears_approval',
    class: Migration20261125100000_one_pending_arrears_approval,
  },
  { name: 'Migration20261127123912_agreement_plan', class: Migration20261127123912_agreement_plan },
  { name: 'Migration20261127124500_store_running_plans', class: Migration20261127124500_store_running_plans },
  { name: 'Migration20261127130000_member_notices', class: Migration20261127130000_member_notices },
  { name: 'Migration20261127133805_agreement_settlement', class: Migration20261127133805_agreement_settlement },
  { name: 'Migration20261127150000_staff_worklist', class: Migration20261127150000_staff_worklist },
  { name: 'Migration20261127160000_demo_billers_payable', class: Migration20261127160000_demo_billers_payable },
  {
    name: 'Migration20261127170000_activity_append_only',
    class: Migration20261127170000_activity_append_only,
  },
  { name: 'Migration20261127233806_hardship_case', class: Migration20261127233806_hardship_case },
  { name: 'Migration20261127233834_term_end_choice', class: Migration20261127233834_term_end_choice },
  { name: 'Migration20261128023341_deposit_relief', class: Migration20261128023341_deposit_relief },
  {
    name: 'Migration20261128030000_renewal_notice_term_end',
    class: Migration20261128030000_renewal_notice_term_end,
  },
  { name: 'Migration20261128031500_deposit_review', class: Migration20261128031500_deposit_review },
  { name: 'Migration20261128040000_deposit_review_user', class: Migration20261128040000_deposit_review_user },
  { name: 'Migration20261128060000_shortfall_fix_user', class: Migration20261128060000_shortfall_fix_user },
  {
    name: 'Migration20261128140000_deposit_agreement_status_index',
    class: Migration20261128140000_deposit_agreement_status_index,
  },
];
