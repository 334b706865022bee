import { Migration } from '@mikro-orm/migrations';

/**
 * The history keeps everything (issue 26 item 6): an activity row is never deleted, and never changed but for
 * - a payment's transaction status as the bank reports it (`transaction_status`, and the `bankWindow` mark in `data`
 *   that makes the move once per window: core-banking/payment-windows.ts), and
 * - a reference set to null by its foreign key when the row it names goes (ON DELETE SET NULL: a bill replaced by a
 *   modification); the activity's own words stay.
 * A note edited or deleted is a new activity (37, 38) keeping the text; nothing rewrites 'Note added'.
 */
export class Migration20261127170000_activity_append_only extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "activity_refuse_change"() returns trigger language plpgsql as $$
begin
  if tg_op = 'TRUNCATE' then
    raise exception 'activities are append-only: TRUNCATE on activity refused' using errcode = 'restrict_violation';
  end if;
  if tg_op = 'UPDATE' then
    if new.id = old.id and new.type = old.type and new.occurred_at = old.occurred_at
     and new.details is not distinct from old.details and new.notes is not distinct from old.notes
     and new.agent_name is not distinct from old.agent_name and new.balance_change = old.balance_change
     and (coalesce(new.data, '{}'::jsonb) - 'bankWindow') = (coalesce(old.data, '{}'::jsonb) - 'bankWindow')
     and (new.member_id is not distinct from old.member_id or new.member_id is null)
     and (new.account_id is not distinct from old.account_id or new.account_id is null)
     and (new.agreement_id is not distinct from old.agreement_id or new.agreement_id is null)
     and (new.user_id is not distinct from old.user_id or new.user_id is null)
     and (new.ledger_transaction_id is not distinct from old.ledger_transaction_id or new.ledger_transaction_id is null)
     and (new.bill_id is not distinct from old.bill_id or new.bill_id is null)
     and (new.biller_id is not distinct from old.biller_id or new.biller_id is null)
    then
      return new;
    end if;
  end if;
  raise exception 'activities are append-only: % on activity % refused; record a new activity instead', tg_op, old.id
    using errcode = 'restrict_violation';
end $$;`);
    this.addSql(
      `create trigger "activity_append_only" before update or delete on "activity" for each row execute function "activity_refuse_change"();`,
    );
    this.addSql(
      `create trigger "activity_no_truncate" before truncate on "activity" for each statement execute function "activity_refuse_change"();`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "activity_no_truncate" on "activity";`);
    this.addSql(`drop trigger if exists "activity_append_only" on "activity";`);
    this.addSql(`drop function if exists "activity_refuse_change"();`);
  }
}
