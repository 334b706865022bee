import type { BulkColumn } from '../../database/bulk.js';

/** The columns the history writer inserts into each table, as `name:type` lists (text when no type is given). */
export const cols = (spec: string): BulkColumn[] =>
  spec.split(/\s*,\s*/).map((pair) => {
    const [name, type] = pair.split(':');
    return { name, type: (type ?? 'text') as BulkColumn['type'] };
  });

export const BILLER = cols(
  'id:int, agreement_id:int, previous_id:int, billing_category_id:int, company_id:int, nickname, status:smallint, modification_state:smallint, is_active:boolean, is_valid:boolean, on_hold_date:date, payment_method:smallint, bpay_biller_code, bpay_biller_name, customer_reference_number, bsb_number, bsb_bank_name, eft_account_number, eft_account_name, eft_reference_number, direct_debit_account_number, expected_bill_value:numeric, new_estimate:numeric, billing_frequency:smallint, date_of_bill:date, date_of_bill_offset_days:smallint, second_date_of_bill:date, second_day_of_month:smallint, is_exact_date_of_bill_known:boolean, does_amount_vary:boolean, is_auto_payment:boolean, is_notification_enabled:boolean, is_final_bill_expected:boolean, expected_final_bill_date:date, is_season_bill:boolean, peak_months, peak_value_of_bill:numeric, off_peak_value_of_bill:numeric, overdue_option:smallint, date_added:date, date_removed:date, created_at:timestamptz, updated_at:timestamptz',
);
export const SUB_CATEGORY = cols(
  'id:int, agreement_id:int, previous_id:int, billing_category_id:int, nickname, expected_bill_value:numeric, billing_frequency:smallint, date_of_bill:date, second_date_of_bill:date, is_exact_date_of_bill_known:boolean, does_amount_vary:boolean, status:smallint, modification_state:smallint, overdue_option:smallint, date_added:date, date_removed:date, created_at:timestamptz',
);
export const BILL = cols(
  'id:int, agreement_id:int, biller_id:int, billing_sub_category_id:int, due_date:date, due_date_no_offset:date, expected_amount:numeric, amount_allocated:numeric, contingency:numeric, status:smallint, is_final_bill:boolean, paid_amount:numeric, paid_date:date, amount_owing:numeric, reimbursement_account_id:int, created_at:timestamptz',
);
export const DEPOSIT = cols(
  'id:int, agreement_id:int, due_date:date, expected_amount:numeric, received_amount:numeric, received_date:date, status:smallint',
);
export const ACTIVITY = cols(
  'type:smallint, occurred_at:timestamptz, member_id:int, account_id:int, agreement_id:int, details, data:jsonb, notes, agent_name, user_id:int, transaction_status:smallint, bill_id:int, biller_id:int',
);
export const NOTE = cols(
  'entity_type:smallint, entity_id:int, agreement_id:int, text, created_at:timestamptz, created_by_name, created_by_id:int',
);
export const APPROVAL = cols(
  'agreement_id:int, approval_type:smallint, bill_id:int, amount:numeric, requested_by_id:int, manager_name, approver_id:int, note, approval_granted:boolean, created_at:timestamptz, used_at:timestamptz',
);
export const NOTIFICATION = cols(
  'source_type:smallint, name, template_id:int, member_id:int, account_id:int, agreement_id:int, recipient_email, recipient_mobile, email_subject, email_body, sms_body, message, status:smallint, queued_at:timestamptz, sent_at:timestamptz, attempts:smallint, created_by_id:int',
);
export const CHANGE = cols(
  'agreement_id:int, previous_agreement_id:int, change_type:smallint, changes:jsonb, requested_by_id:int, created_at:timestamptz, applied_at:timestamptz',
);
export const PREFERENCES = cols('agreement_id:int, branch_id:int');
export const MEMBER_PREFERENCE = cols('agreement_id:int, member_id:int, notification_preference:smallint');

/** Agreement columns a history may set, with their types (applied with one UPDATE ... FROM per batch). */
export const AGREEMENT = cols(
  'contribution_frequency:smallint, deposit_amount:numeric, total_contract_value:numeric, total_overdraw_amount:numeric, contribution_date:date, next_deposit_date:date, next_deposit_amount:numeric, bi_monthly_first_date:date, bi_monthly_second_date:date, selected_contribution_date:smallint, deposit_type:smallint, remitter_name, remitter_number, periodical_payment_account_id:int, overdraw_rule_id:int, overdraw_rule_duration_days:int, override_overdraw_rule:boolean, override_overdraw_rule_duration_days:int, approved_overdraw_amount:numeric, payment_capacity_confirmed:boolean, member_approved_at:timestamptz, activated_at:timestamptz, activated_by_id:int, wizard_step:smallint, locked_at:timestamptz, lock_reason, created_at:timestamptz, updated_at:timestamptz',
);
