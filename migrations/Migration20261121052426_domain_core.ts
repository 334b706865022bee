import { Migration } from '@mikro-orm/migrations';

export class Migration20261121052426_domain_core extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "billing_category" ("id" serial primary key, "name" varchar(80) not null, "sort_order" smallint not null default 0, "is_active" boolean not null default true);`);
    this.addSql(`alter table "billing_category" add constraint "billing_category_name_unique" unique ("name");`);

    this.addSql(`create table "company" ("id" serial primary key, "name" varchar(120) not null, "billing_category_id" int not null, "popularity" int not null default 0, "bpay_biller_code" varchar(10) null, "bpay_biller_name" varchar(120) null, "reference_algorithm" varchar(10) not null default 'none', "reference_min_length" smallint null, "reference_max_length" smallint null, "min_amount" numeric(14,2) null, "max_amount" numeric(14,2) null, "is_active" boolean not null default true);`);
    this.addSql(`create index "company_bpay_biller_code_index" on "company" ("bpay_biller_code");`);
    this.addSql(`create index "company_billing_category_id_popularity_index" on "company" ("billing_category_id", "popularity");`);

    this.addSql(`create table "linked_account" ("id" serial primary key, "member_id" int not null, "account_number" varchar(20) not null, "nickname" varchar(80) null, "product_name" varchar(80) not null default 'Savings Account', "is_active" boolean not null default true, "is_default" boolean not null default false, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "linked_account_member_id_index" on "linked_account" ("member_id");`);
    this.addSql(`alter table "linked_account" add constraint "linked_account_account_number_unique" unique ("account_number");`);

    this.addSql(`create table "notification_template" ("id" serial primary key, "template_name" varchar(80) not null, "title" varchar(120) not null, "email_subject" varchar(200) not null, "email_template" text not null, "sms_template" varchar(480) not null, "is_manual" boolean not null default false, "event" smallint null, "is_active" boolean not null default true);`);
    this.addSql(`alter table "notification_template" add constraint "notification_template_template_name_unique" unique ("template_name");`);

    this.addSql(`create table "overdraw_rule" ("id" serial primary key, "name" varchar(80) not null, "duration_days" int not null, "max_overdraw_amount" numeric(14,2) null, "is_default" boolean not null default false, "is_active" boolean not null default true);`);
    this.addSql(`alter table "overdraw_rule" add constraint "overdraw_rule_name_unique" unique ("name");`);

    this.addSql(`create table "idempotency_record" ("id" serial primary key, "user_id" int not null, "key" varchar(100) not null, "request_hash" char(64) not null, "response" jsonb null, "status_code" smallint null, "created_at" timestamptz not null default now(), "completed_at" timestamptz null);`);
    this.addSql(`create index "idempotency_record_created_at_index" on "idempotency_record" ("created_at");`);
    this.addSql(`alter table "idempotency_record" add constraint "idempotency_record_user_id_key_unique" unique ("user_id", "key");`);

    this.addSql(`create table "scheduled_deposit" ("id" serial primary key, "agreement_id" int not null, "due_date" date not null, "expected_amount" numeric(14,2) not null, "received_amount" numeric(14,2) not null default 0, "received_date" date null, "status" smallint not null default 0);`);
    this.addSql(`create index "scheduled_deposit_status_due_date_index" on "scheduled_deposit" ("status", "due_date");`);
    this.addSql(`alter table "scheduled_deposit" add constraint "scheduled_deposit_agreement_id_due_date_unique" unique ("agreement_id", "due_date");`);

    this.addSql(`create table "notification" ("id" serial primary key, "source_type" smallint not null, "name" varchar(80) not null, "template_id" int null, "member_id" int null, "account_id" int null, "agreement_id" int null, "recipient_email" varchar(254) null, "recipient_mobile" varchar(20) null, "email_subject" varchar(200) null, "email_body" text null, "sms_body" varchar(480) null, "message" text null, "status" smallint not null default 0, "queued_at" timestamptz not null default now(), "sent_at" timestamptz null, "attempts" smallint not null default 0, "last_error" text null, "created_by_id" int null);`);
    this.addSql(`create index "notification_template_id_index" on "notification" ("template_id");`);
    this.addSql(`create index "notification_member_id_index" on "notification" ("member_id");`);
    this.addSql(`create index "notification_account_id_index" on "notification" ("account_id");`);
    this.addSql(`create index "notification_agreement_id_index" on "notification" ("agreement_id");`);
    this.addSql(`create index "notification_created_by_id_index" on "notification" ("created_by_id");`);
    this.addSql(`create index "notification_status_queued_at_index" on "notification" ("status", "queued_at");`);

    this.addSql(`create table "note" ("id" serial primary key, "entity_type" smallint not null, "entity_id" int not null, "agreement_id" int null, "text" text not null, "created_at" timestamptz not null default now(), "created_by_name" varchar(120) not null, "created_by_id" int null, "is_log_activity_disabled" boolean not null default false, "updated_at" timestamptz null);`);
    this.addSql(`create index "note_agreement_id_index" on "note" ("agreement_id");`);
    this.addSql(`create index "note_created_by_id_index" on "note" ("created_by_id");`);
    this.addSql(`create index "note_entity_type_entity_id_index" on "note" ("entity_type", "entity_id");`);

    this.addSql(`create table "member_notification_preference" ("id" serial primary key, "agreement_id" int not null, "member_id" int not null, "notification_preference" smallint not null);`);
    this.addSql(`create index "member_notification_preference_member_id_index" on "member_notification_preference" ("member_id");`);
    this.addSql(`alter table "member_notification_preference" add constraint "member_notification_preference_agreement_id_member_id_unique" unique ("agreement_id", "member_id");`);

    this.addSql(`create table "ledger_transaction" ("id" serial primary key, "type" smallint not null, "agreement_id" int null, "effective_date" date not null, "description" varchar(200) not null, "reverses_id" int null, "deposit_id" int null, "created_by_id" int null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "ledger_transaction_agreement_id_index" on "ledger_transaction" ("agreement_id");`);
    this.addSql(`alter table "ledger_transaction" add constraint "ledger_transaction_reverses_id_unique" unique ("reverses_id");`);
    this.addSql(`create index "ledger_transaction_deposit_id_index" on "ledger_transaction" ("deposit_id");`);
    this.addSql(`create index "ledger_transaction_created_by_id_index" on "ledger_transaction" ("created_by_id");`);

    this.addSql(`create table "ledger_account" ("id" serial primary key, "kind" smallint not null, "agreement_id" int null, "linked_account_id" int null, "balance" numeric(14,2) not null default 0, constraint ledger_account_owner_check check (((kind = ANY (ARRAY[1, 2, 3])) AND (agreement_id IS NOT NULL) AND (linked_account_id IS NULL)) OR ((kind = 4) AND (linked_account_id IS NOT NULL) AND (agreement_id IS NULL)) OR ((kind = 5) AND (agreement_id IS NULL) AND (linked_account_id IS NULL))));`);
    this.addSql(`create unique index "ledger_account_external_unique" on "ledger_account" ("kind") where "agreement_id" is null and "linked_account_id" is null;`);
    this.addSql(`create unique index "ledger_account_linked_account_unique" on "ledger_account" ("linked_account_id") where "linked_account_id" is not null;`);
    this.addSql(`create unique index "ledger_account_agreement_kind_unique" on "ledger_account" ("agreement_id", "kind") where "agreement_id" is not null;`);

    this.addSql(`create table "ledger_entry" ("id" serial primary key, "transaction_id" int not null, "ledger_account_id" int not null, "amount" numeric(14,2) not null, constraint ledger_entry_amount_check check (amount <> 0));`);
    this.addSql(`create index "ledger_entry_transaction_id_index" on "ledger_entry" ("transaction_id");`);
    this.addSql(`create index "ledger_entry_account_amount_index" on "ledger_entry" ("ledger_account_id") include ("amount");`);

    this.addSql(`create table "contract_preferences" ("id" serial primary key, "agreement_id" int not null, "branch_id" int null, "notify_missed_deposit" boolean not null default true, "notify_bill_payment_failed" boolean not null default true, "notify_renewal_due" boolean not null default true, "notify_agreement_changed" boolean not null default true, "notify_short_paid_bill" boolean not null default true, "updated_at" timestamptz not null default now());`);
    this.addSql(`alter table "contract_preferences" add constraint "contract_preferences_agreement_id_unique" unique ("agreement_id");`);
    this.addSql(`create index "contract_preferences_branch_id_index" on "contract_preferences" ("branch_id");`);

    this.addSql(`create table "billing_sub_category" ("id" serial primary key, "agreement_id" int not null, "previous_id" int null, "billing_category_id" int not null, "nickname" varchar(80) not null, "expected_bill_value" numeric(14,2) not null, "billing_frequency" smallint not null, "date_of_bill" date not null, "second_date_of_bill" date null, "is_exact_date_of_bill_known" boolean not null default true, "does_amount_vary" boolean not null default false, "status" smallint not null default 1, "modification_state" smallint not null default 0, "overdue_option" smallint null, "date_added" date not null, "date_removed" date null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "billing_sub_category_previous_id_index" on "billing_sub_category" ("previous_id");`);
    this.addSql(`create index "billing_sub_category_billing_category_id_index" on "billing_sub_category" ("billing_category_id");`);
    this.addSql(`create index "billing_sub_category_agreement_id_status_index" on "billing_sub_category" ("agreement_id", "status");`);

    this.addSql(`create table "biller" ("id" serial primary key, "agreement_id" int not null, "previous_id" int null, "billing_category_id" int not null, "company_id" int null, "billing_sub_category_id" int null, "nickname" varchar(80) not null, "status" smallint not null default 1, "modification_state" smallint not null default 0, "is_active" boolean not null default true, "is_valid" boolean not null default true, "on_hold_date" date null, "payment_method" smallint not null, "bpay_biller_code" varchar(10) null, "bpay_biller_name" varchar(120) null, "customer_reference_number" varchar(20) null, "bsb_number" char(6) null, "bsb_bank_name" varchar(80) null, "eft_account_number" varchar(20) null, "eft_account_name" varchar(80) null, "eft_reference_number" varchar(18) null, "direct_debit_account_number" char(9) null, "expected_bill_value" numeric(14,2) not null, "new_estimate" numeric(14,2) null, "billing_frequency" smallint not null, "date_of_bill" date not null, "date_of_bill_offset_days" smallint not null default 0, "second_date_of_bill" date null, "second_day_of_month" smallint null, "is_exact_date_of_bill_known" boolean not null default true, "does_amount_vary" boolean not null default false, "is_auto_payment" boolean not null default false, "is_notification_enabled" boolean not null default true, "is_final_bill_expected" boolean not null default false, "expected_final_bill_date" date null, "is_season_bill" boolean not null default false, "peak_months" varchar(40) null, "peak_value_of_bill" numeric(14,2) null, "off_peak_value_of_bill" numeric(14,2) null, "overdue_option" smallint null, "date_added" date not null, "date_removed" date null, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`create index "biller_previous_id_index" on "biller" ("previous_id");`);
    this.addSql(`create index "biller_billing_category_id_index" on "biller" ("billing_category_id");`);
    this.addSql(`create index "biller_company_id_index" on "biller" ("company_id");`);
    this.addSql(`create index "biller_billing_sub_category_id_index" on "biller" ("billing_sub_category_id");`);
    this.addSql(`create index "biller_direct_debit_account_number_index" on "biller" ("direct_debit_account_number");`);
    this.addSql(`create index "biller_agreement_id_status_index" on "biller" ("agreement_id", "status");`);

    this.addSql(`create table "bill" ("id" serial primary key, "agreement_id" int not null, "biller_id" int null, "billing_sub_category_id" int null, "due_date" date not null, "due_date_no_offset" date not null, "expected_amount" numeric(14,2) not null, "amount_allocated" numeric(14,2) not null, "contingency" numeric(14,2) not null default 0, "status" smallint not null default 0, "is_final_bill" boolean not null default false, "paid_amount" numeric(14,2) not null default 0, "paid_date" date null, "amount_owing" numeric(14,2) not null default 0, "reimbursement_account_id" int null, "created_at" timestamptz not null default now(), constraint bill_one_source_check check ((biller_id is null) <> (billing_sub_category_id is null)));`);
    this.addSql(`create index "bill_billing_sub_category_id_index" on "bill" ("billing_sub_category_id");`);
    this.addSql(`create index "bill_reimbursement_account_id_index" on "bill" ("reimbursement_account_id");`);
    this.addSql(`create index "bill_biller_id_due_date_index" on "bill" ("biller_id", "due_date");`);
    this.addSql(`create index "bill_agreement_id_status_due_date_index" on "bill" ("agreement_id", "status", "due_date");`);

    this.addSql(`create table "bill_money_source" ("id" serial primary key, "bill_id" int not null, "transaction_id" int not null, "source" smallint not null, "linked_account_id" int null, "amount" numeric(14,2) not null, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "bill_money_source_bill_id_index" on "bill_money_source" ("bill_id");`);
    this.addSql(`create index "bill_money_source_transaction_id_index" on "bill_money_source" ("transaction_id");`);
    this.addSql(`create index "bill_money_source_linked_account_id_index" on "bill_money_source" ("linked_account_id");`);

    this.addSql(`create table "approval" ("id" serial primary key, "agreement_id" int not null, "approval_type" smallint not null, "bill_id" int null, "amount" numeric(14,2) null, "requested_by_id" int null, "manager_name" varchar(120) not null, "approver_id" int null, "note" text not null, "approval_granted" boolean not null, "created_at" timestamptz not null default now(), "used_at" timestamptz null);`);
    this.addSql(`create index "approval_agreement_id_index" on "approval" ("agreement_id");`);
    this.addSql(`create index "approval_bill_id_index" on "approval" ("bill_id");`);
    this.addSql(`create index "approval_requested_by_id_index" on "approval" ("requested_by_id");`);
    this.addSql(`create index "approval_approver_id_index" on "approval" ("approver_id");`);

    this.addSql(`create table "agreement_change" ("id" serial primary key, "agreement_id" int not null, "previous_agreement_id" int null, "change_type" smallint not null, "changes" jsonb not null, "requested_by_id" int null, "created_at" timestamptz not null default now(), "applied_at" timestamptz null);`);
    this.addSql(`create index "agreement_change_agreement_id_index" on "agreement_change" ("agreement_id");`);
    this.addSql(`create index "agreement_change_previous_agreement_id_index" on "agreement_change" ("previous_agreement_id");`);
    this.addSql(`create index "agreement_change_requested_by_id_index" on "agreement_change" ("requested_by_id");`);

    this.addSql(`create table "activity" ("id" serial primary key, "type" smallint not null, "occurred_at" timestamptz not null default now(), "member_id" int null, "account_id" int null, "agreement_id" int null, "details" text not null default '', "data" jsonb null, "notes" text null, "agent_name" varchar(120) null, "user_id" int null, "balance_change" numeric(14,2) not null default 0, "transaction_status" smallint null, "ledger_transaction_id" int null, "bill_id" int null, "biller_id" int null);`);
    this.addSql(`create index "activity_agreement_id_index" on "activity" ("agreement_id");`);
    this.addSql(`create index "activity_user_id_index" on "activity" ("user_id");`);
    this.addSql(`alter table "activity" add constraint "activity_ledger_transaction_id_unique" unique ("ledger_transaction_id");`);
    this.addSql(`create index "activity_bill_id_index" on "activity" ("bill_id");`);
    this.addSql(`create index "activity_biller_id_index" on "activity" ("biller_id");`);
    this.addSql(`create index "activity_member_id_occurred_at_index" on "activity" ("member_id", "occurred_at");`);
    this.addSql(`create index "activity_account_id_occurred_at_index" on "activity" ("account_id", "occurred_at");`);

    this.addSql(`alter table "company" add constraint "company_billing_category_id_foreign" foreign key ("billing_category_id") references "billing_category" ("id") on update cascade;`);

    this.addSql(`alter table "linked_account" add constraint "linked_account_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade;`);

    this.addSql(`alter table "idempotency_record" add constraint "idempotency_record_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade;`);

    this.addSql(`alter table "scheduled_deposit" add constraint "scheduled_deposit_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade;`);

    this.addSql(`alter table "notification" add constraint "notification_template_id_foreign" foreign key ("template_id") references "notification_template" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "notification" add constraint "notification_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "notification" add constraint "notification_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "notification" add constraint "notification_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "notification" add constraint "notification_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "note" add constraint "note_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "note" add constraint "note_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "member_notification_preference" add constraint "member_notification_preference_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade;`);
    this.addSql(`alter table "member_notification_preference" add constraint "member_notification_preference_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade;`);

    this.addSql(`alter table "ledger_transaction" add constraint "ledger_transaction_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "ledger_transaction" add constraint "ledger_transaction_reverses_id_foreign" foreign key ("reverses_id") references "ledger_transaction" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "ledger_transaction" add constraint "ledger_transaction_deposit_id_foreign" foreign key ("deposit_id") references "scheduled_deposit" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "ledger_transaction" add constraint "ledger_transaction_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "ledger_account" add constraint "ledger_account_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "ledger_account" add constraint "ledger_account_linked_account_id_foreign" foreign key ("linked_account_id") references "linked_account" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "ledger_entry" add constraint "ledger_entry_transaction_id_foreign" foreign key ("transaction_id") references "ledger_transaction" ("id") on update cascade;`);
    this.addSql(`alter table "ledger_entry" add constraint "ledger_entry_ledger_account_id_foreign" foreign key ("ledger_account_id") references "ledger_account" ("id") on update cascade;`);

    this.addSql(`alter table "contract_preferences" add constraint "contract_preferences_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade;`);
    this.addSql(`alter table "contract_preferences" add constraint "contract_preferences_branch_id_foreign" foreign key ("branch_id") references "branch" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "billing_sub_category" add constraint "billing_sub_category_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade;`);
    this.addSql(`alter table "billing_sub_category" add constraint "billing_sub_category_previous_id_foreign" foreign key ("previous_id") references "billing_sub_category" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "billing_sub_category" add constraint "billing_sub_category_billing_category_id_foreign" foreign key ("billing_category_id") references "billing_category" ("id") on update cascade;`);

    this.addSql(`alter table "biller" add constraint "biller_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade;`);
    this.addSql(`alter table "biller" add constraint "biller_previous_id_foreign" foreign key ("previous_id") references "biller" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "biller" add constraint "biller_billing_category_id_foreign" foreign key ("billing_category_id") references "billing_category" ("id") on update cascade;`);
    this.addSql(`alter table "biller" add constraint "biller_company_id_foreign" foreign key ("company_id") references "company" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "biller" add constraint "biller_billing_sub_category_id_foreign" foreign key ("billing_sub_category_id") references "billing_sub_category" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "bill" add constraint "bill_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade;`);
    this.addSql(`alter table "bill" add constraint "bill_biller_id_foreign" foreign key ("biller_id") references "biller" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "bill" add constraint "bill_billing_sub_category_id_foreign" foreign key ("billing_sub_category_id") references "billing_sub_category" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "bill" add constraint "bill_reimbursement_account_id_foreign" foreign key ("reimbursement_account_id") references "linked_account" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "bill_money_source" add constraint "bill_money_source_bill_id_foreign" foreign key ("bill_id") references "bill" ("id") on update cascade;`);
    this.addSql(`alter table "bill_money_source" add constraint "bill_money_source_transaction_id_foreign" foreign key ("transaction_id") references "ledger_transaction" ("id") on update cascade;`);
    this.addSql(`alter table "bill_money_source" add constraint "bill_money_source_linked_account_id_foreign" foreign key ("linked_account_id") references "linked_account" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "approval" add constraint "approval_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade;`);
    this.addSql(`alter table "approval" add constraint "approval_bill_id_foreign" foreign key ("bill_id") references "bill" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "approval" add constraint "approval_requested_by_id_foreign" foreign key ("requested_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "approval" add constraint "approval_approver_id_foreign" foreign key ("approver_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "agreement_change" add constraint "agreement_change_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade;`);
    this.addSql(`alter table "agreement_change" add constraint "agreement_change_previous_agreement_id_foreign" foreign key ("previous_agreement_id") references "agreement" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "agreement_change" add constraint "agreement_change_requested_by_id_foreign" foreign key ("requested_by_id") references "app_user" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "activity" add constraint "activity_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "activity" add constraint "activity_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "activity" add constraint "activity_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "activity" add constraint "activity_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "activity" add constraint "activity_ledger_transaction_id_foreign" foreign key ("ledger_transaction_id") references "ledger_transaction" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "activity" add constraint "activity_bill_id_foreign" foreign key ("bill_id") references "bill" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "activity" add constraint "activity_biller_id_foreign" foreign key ("biller_id") references "biller" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "agreement" add column "updated_at" timestamptz not null default now(), add column "contribution_date" date null, add column "next_deposit_date" date null, add column "next_deposit_amount" numeric(14,2) null, add column "bi_monthly_first_date" date null, add column "bi_monthly_second_date" date null, add column "selected_contribution_date" smallint null, add column "deposit_type" smallint null, add column "remitter_name" varchar(80) null, add column "remitter_number" varchar(20) null, add column "periodical_payment_account_id" int null, add column "overdraw_rule_id" int null, add column "overdraw_rule_duration_days" int not null default 56, add column "override_overdraw_rule" boolean not null default false, add column "override_overdraw_rule_duration_days" int null, add column "approved_overdraw_amount" numeric(14,2) null, add column "total_contract_value" numeric(14,2) null, add column "total_overdraw_amount" numeric(14,2) null, add column "overdraw_duration_amount" numeric(14,2) null, add column "topup_amount" numeric(14,2) null, add column "topup_account_id" int null, add column "topup_member_id" int null, add column "is_topup_performed" boolean not null default false, add column "is_remove_bill_performed" boolean not null default false, add column "allow_payment_today_bypass" boolean not null default false, add column "rainy_day_unavailable_amount" numeric(14,2) not null default 0, add column "rainy_day_covers_shortfall" boolean not null default true, add column "leftovers_to_rainy_day" boolean not null default true, add column "payment_capacity_confirmed" boolean not null default false, add column "saved_for_later_description" text null, add column "wizard_step" smallint null, add column "member_approved_at" timestamptz null, add column "activated_at" timestamptz null, add column "activated_by_id" int null, add column "printed_agreement_html" text null, add column "locked_at" timestamptz null, add column "lock_reason" text null, add column "cancelled_at" timestamptz null;`);
    this.addSql(`alter table "agreement" add constraint "agreement_periodical_payment_account_id_foreign" foreign key ("periodical_payment_account_id") references "linked_account" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "agreement" add constraint "agreement_overdraw_rule_id_foreign" foreign key ("overdraw_rule_id") references "overdraw_rule" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "agreement" add constraint "agreement_topup_account_id_foreign" foreign key ("topup_account_id") references "linked_account" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "agreement" add constraint "agreement_topup_member_id_foreign" foreign key ("topup_member_id") references "member" ("id") on update cascade on delete set null;`);
    this.addSql(`alter table "agreement" add constraint "agreement_activated_by_id_foreign" foreign key ("activated_by_id") references "app_user" ("id") on update cascade on delete set null;`);
    this.addSql(`create index "agreement_previous_id_index" on "agreement" ("previous_id");`);
    this.addSql(`create index "agreement_periodical_payment_account_id_index" on "agreement" ("periodical_payment_account_id");`);
    this.addSql(`create index "agreement_overdraw_rule_id_index" on "agreement" ("overdraw_rule_id");`);
    this.addSql(`create index "agreement_topup_account_id_index" on "agreement" ("topup_account_id");`);
    this.addSql(`create index "agreement_topup_member_id_index" on "agreement" ("topup_member_id");`);
    this.addSql(`create index "agreement_activated_by_id_index" on "agreement" ("activated_by_id");`);

    // --- Hand-written: the ledger's guarantees, enforced by the database itself ---

    // Ledger rows (and the bill money sources that mirror them) are never changed or removed: a correction is a
    // new reversing transaction.
    this.addSql(`create function "ledger_refuse_change"() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are immutable: % on % refused; post a reversing transaction instead', tg_op, tg_table_name
    using errcode = 'restrict_violation';
end $$;`);
    for (const table of ['ledger_transaction', 'ledger_entry', 'bill_money_source']) {
      this.addSql(
        `create trigger "${table}_immutable" before update or delete on "${table}" for each row execute function "ledger_refuse_change"();`,
      );
      this.addSql(
        `create trigger "${table}_no_truncate" before truncate on "${table}" for each statement execute function "ledger_refuse_change"();`,
      );
    }

    // Every statement inserting entries leaves each transaction it touches balanced (at least two lines summing
    // to zero), then adds the new lines to the stored balances (never the external account's: one row that
    // every posting updated would make them all wait for each other).
    this.addSql(`create function "ledger_entry_after_insert"() returns trigger language plpgsql as $$
declare
  bad record;
begin
  select s.transaction_id, s.total, s.lines into bad
  from (
    select e.transaction_id, sum(e.amount) as total, count(*) as lines
    from ledger_entry e
    where e.transaction_id in (select distinct n.transaction_id from new_entries n)
    group by e.transaction_id
  ) s
  where s.total <> 0 or s.lines < 2
  limit 1;
  if found then
    raise exception 'ledger transaction % does not balance: % line(s) summing to %', bad.transaction_id, bad.lines, bad.total
      using errcode = 'check_violation';
  end if;
  update ledger_account a set balance = a.balance + d.delta
  from (select n.ledger_account_id, sum(n.amount) as delta from new_entries n group by n.ledger_account_id) d
  where a.id = d.ledger_account_id and a.kind <> 5 and d.delta <> 0;
  return null;
end $$;`);
    this.addSql(
      `create trigger "ledger_entry_balances" after insert on "ledger_entry" referencing new table as new_entries for each statement execute function "ledger_entry_after_insert"();`,
    );

    // A ledger account is permanent and its stored balance is written only by the trigger above.
    this.addSql(`create function "ledger_account_guard"() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'ledger accounts are permanent' using errcode = 'restrict_violation';
  end if;
  if pg_trigger_depth() < 2 then
    raise exception 'ledger balances are kept by the ledger; post a transaction instead' using errcode = 'restrict_violation';
  end if;
  if new.kind <> old.kind or new.agreement_id is distinct from old.agreement_id
     or new.linked_account_id is distinct from old.linked_account_id then
    raise exception 'a ledger account keeps its owner' using errcode = 'restrict_violation';
  end if;
  return new;
end $$;`);
    this.addSql(
      `create trigger "ledger_account_guard" before update or delete on "ledger_account" for each row execute function "ledger_account_guard"();`,
    );

    // --- Reference data: the one external account, billing categories, the default overdraw rule, templates ---
    this.addSql(`insert into "ledger_account" ("kind") values (5);`);
    this.addSql(`insert into "billing_category" ("name", "sort_order") values
      ('Electricity', 1), ('Gas', 2), ('Water', 3), ('Phone & Internet', 4), ('Council Rates', 5), ('Insurance', 6),
      ('Rent & Mortgage', 7), ('Education', 8), ('Transport', 9), ('Health', 10), ('Childcare', 11), ('Other', 12);`);
    this.addSql(`insert into "overdraw_rule" ("name", "duration_days", "max_overdraw_amount", "is_default") values
      ('Standard 8-week good conduct', 56, null, true), ('Extended 12-week', 84, null, false);`);
    this.addSql(`insert into "notification_template"
      ("template_name", "title", "email_subject", "email_template", "sms_template", "is_manual", "event") values
      ('ContractApprovingNotification', 'Agreement ready for approval', 'Your bill smoothing agreement is ready',
       'Dear {firstName}, your agreement {agreementNumber} with {institutionName} is ready. Please sign in to review and approve it.',
       '{institutionName}: your bill smoothing agreement {agreementNumber} is ready for your approval.', false, null),
      ('MissedDepositNotification', 'Missed deposit', 'We did not receive your deposit',
       'Dear {firstName}, the deposit of {amount} due on {date} for agreement {agreementNumber} has not arrived. Bill payments are paused until it does.',
       '{institutionName}: deposit of {amount} due {date} not received. Bill payments paused.', false, 1),
      ('BillPaymentFailedNotification', 'Bill payment failed', 'A bill payment could not be made',
       'Dear {firstName}, the {billerName} bill paid on {date} has failed and has been placed on hold awaiting resolution.',
       '{institutionName}: {billerName} bill payment failed and is on hold.', false, 2),
      ('RenewalDueNotification', 'Agreement due for renewal', 'Your agreement is due for renewal',
       'Dear {firstName}, agreement {agreementNumber} ends on {date}. Contact us to renew it.',
       '{institutionName}: agreement {agreementNumber} ends {date}. Contact us to renew.', false, 3),
      ('AgreementChangedNotification', 'Agreement changed', 'Your agreement has changed',
       'Dear {firstName}, agreement {agreementNumber} has been changed. Sign in to see the details.',
       '{institutionName}: agreement {agreementNumber} has changed.', false, 4),
      ('ShortPaidBillNotification', 'Bill short-paid', 'A bill was only partly paid',
       'Dear {firstName}, the {billerName} bill was short-paid; {amount} is owing and must be paid by you.',
       '{institutionName}: {billerName} bill short-paid, {amount} owing.', false, 5),
      ('GeneralContact', 'Please contact us', 'Please contact us about your agreement',
       'Dear {firstName}, please contact {institutionName} about your bill smoothing agreement {agreementNumber}.',
       '{institutionName}: please contact us about agreement {agreementNumber}.', true, null),
      ('ArrearsReminder', 'Arrears reminder', 'Your agreement is in arrears',
       'Dear {firstName}, agreement {agreementNumber} is in arrears by {amount}. Please make a deposit so bills can be paid.',
       '{institutionName}: agreement {agreementNumber} in arrears by {amount}.', true, null),
      ('BillReminder', 'Bill reminder', 'A bill is due soon',
       'Dear {firstName}, your {billerName} bill of {amount} is due on {date}.',
       '{institutionName}: {billerName} bill {amount} due {date}.', true, null);`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "company" drop constraint "company_billing_category_id_foreign";`);

    this.addSql(`alter table "billing_sub_category" drop constraint "billing_sub_category_billing_category_id_foreign";`);

    this.addSql(`alter table "biller" drop constraint "biller_billing_category_id_foreign";`);

    this.addSql(`alter table "biller" drop constraint "biller_company_id_foreign";`);

    this.addSql(`alter table "agreement" drop constraint "agreement_periodical_payment_account_id_foreign";`);

    this.addSql(`alter table "agreement" drop constraint "agreement_topup_account_id_foreign";`);

    this.addSql(`alter table "ledger_account" drop constraint "ledger_account_linked_account_id_foreign";`);

    this.addSql(`alter table "bill" drop constraint "bill_reimbursement_account_id_foreign";`);

    this.addSql(`alter table "bill_money_source" drop constraint "bill_money_source_linked_account_id_foreign";`);

    this.addSql(`alter table "notification" drop constraint "notification_template_id_foreign";`);

    this.addSql(`alter table "agreement" drop constraint "agreement_overdraw_rule_id_foreign";`);

    this.addSql(`alter table "ledger_transaction" drop constraint "ledger_transaction_deposit_id_foreign";`);

    this.addSql(`alter table "ledger_transaction" drop constraint "ledger_transaction_reverses_id_foreign";`);

    this.addSql(`alter table "ledger_entry" drop constraint "ledger_entry_transaction_id_foreign";`);

    this.addSql(`alter table "bill_money_source" drop constraint "bill_money_source_transaction_id_foreign";`);

    this.addSql(`alter table "activity" drop constraint "activity_ledger_transaction_id_foreign";`);

    this.addSql(`alter table "ledger_entry" drop constraint "ledger_entry_ledger_account_id_foreign";`);

    this.addSql(`alter table "billing_sub_category" drop constraint "billing_sub_category_previous_id_foreign";`);

    this.addSql(`alter table "biller" drop constraint "biller_billing_sub_category_id_foreign";`);

    this.addSql(`alter table "bill" drop constraint "bill_billing_sub_category_id_foreign";`);

    this.addSql(`alter table "biller" drop constraint "biller_previous_id_foreign";`);

    this.addSql(`alter table "bill" drop constraint "bill_biller_id_foreign";`);

    this.addSql(`alter table "activity" drop constraint "activity_biller_id_foreign";`);

    this.addSql(`alter table "bill_money_source" drop constraint "bill_money_source_bill_id_foreign";`);

    this.addSql(`alter table "approval" drop constraint "approval_bill_id_foreign";`);

    this.addSql(`alter table "activity" drop constraint "activity_bill_id_foreign";`);

    this.addSql(`drop table if exists "billing_category" cascade;`);

    this.addSql(`drop table if exists "company" cascade;`);

    this.addSql(`drop table if exists "linked_account" cascade;`);

    this.addSql(`drop table if exists "notification_template" cascade;`);

    this.addSql(`drop table if exists "overdraw_rule" cascade;`);

    this.addSql(`drop table if exists "idempotency_record" cascade;`);

    this.addSql(`drop table if exists "scheduled_deposit" cascade;`);

    this.addSql(`drop table if exists "notification" cascade;`);

    this.addSql(`drop table if exists "note" cascade;`);

    this.addSql(`drop table if exists "member_notification_preference" cascade;`);

    this.addSql(`drop table if exists "ledger_transaction" cascade;`);

    this.addSql(`drop table if exists "ledger_account" cascade;`);

    this.addSql(`drop table if exists "ledger_entry" cascade;`);

    this.addSql(`drop table if exists "contract_preferences" cascade;`);

    this.addSql(`drop table if exists "billing_sub_category" cascade;`);

    this.addSql(`drop table if exists "biller" cascade;`);

    this.addSql(`drop table if exists "bill" cascade;`);

    this.addSql(`drop table if exists "bill_money_source" cascade;`);

    this.addSql(`drop table if exists "approval" cascade;`);

    this.addSql(`drop table if exists "agreement_change" cascade;`);

    this.addSql(`drop table if exists "activity" cascade;`);

    this.addSql(`alter table "agreement" drop constraint "agreement_topup_member_id_foreign";`);
    this.addSql(`alter table "agreement" drop constraint "agreement_activated_by_id_foreign";`);

    this.addSql(`drop index "agreement_previous_id_index";`);
    this.addSql(`drop index "agreement_periodical_payment_account_id_index";`);
    this.addSql(`drop index "agreement_overdraw_rule_id_index";`);
    this.addSql(`drop index "agreement_topup_account_id_index";`);
    this.addSql(`drop index "agreement_topup_member_id_index";`);
    this.addSql(`drop index "agreement_activated_by_id_index";`);
    this.addSql(`alter table "agreement" drop column "updated_at", drop column "contribution_date", drop column "next_deposit_date", drop column "next_deposit_amount", drop column "bi_monthly_first_date", drop column "bi_monthly_second_date", drop column "selected_contribution_date", drop column "deposit_type", drop column "remitter_name", drop column "remitter_number", drop column "periodical_payment_account_id", drop column "overdraw_rule_id", drop column "overdraw_rule_duration_days", drop column "override_overdraw_rule", drop column "override_overdraw_rule_duration_days", drop column "approved_overdraw_amount", drop column "total_contract_value", drop column "total_overdraw_amount", drop column "overdraw_duration_amount", drop column "topup_amount", drop column "topup_account_id", drop column "topup_member_id", drop column "is_topup_performed", drop column "is_remove_bill_performed", drop column "allow_payment_today_bypass", drop column "rainy_day_unavailable_amount", drop column "rainy_day_covers_shortfall", drop column "leftovers_to_rainy_day", drop column "payment_capacity_confirmed", drop column "saved_for_later_description", drop column "wizard_step", drop column "member_approved_at", drop column "activated_at", drop column "activated_by_id", drop column "printed_agreement_html", drop column "locked_at", drop column "lock_reason", drop column "cancelled_at";`);

    this.addSql(`drop function if exists "ledger_entry_after_insert"() cascade;`);
    this.addSql(`drop function if exists "ledger_account_guard"() cascade;`);
    this.addSql(`drop function if exists "ledger_refuse_change"() cascade;`);
  }

}
