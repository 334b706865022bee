import { Migration } from '@mikro-orm/migrations';

/**
 * The core-banking simulator's own record of what it credited and debited (its side of reconciliation). Payments
 * answered before this record existed get their line from the answers moved onto their activities (settled: what
 * the payment took out of the agreement; failed: nothing), so yesterday's payments do not show as unanswered.
 */
export class Migration20261124123912_core_banking_statement extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "core_banking_statement" ("kind" smallint not null, "ref_id" int not null, "agreement_id" int not null, "amount" numeric(14,2) not null, "answer" smallint null, "answered_on" date not null, constraint "core_banking_statement_pkey" primary key ("kind", "ref_id"));`);
    this.addSql(`create index "core_banking_statement_answered_on_index" on "core_banking_statement" ("answered_on");`);
    this.addSql(`insert into "core_banking_statement" ("kind", "ref_id", "agreement_id", "amount", "answer", "answered_on")
      select distinct on (a.ledger_transaction_id) 2, a.ledger_transaction_id, a.agreement_id,
        case when a.transaction_status = 2 then coalesce((select -sum(e.amount) from ledger_entry e
          join ledger_account la on la.id = e.ledger_account_id
          where e.transaction_id = a.ledger_transaction_id and la.agreement_id is not null), 0) else 0 end,
        case when a.transaction_status = 2 then 1 else 2 end, left(a.data->>'bankWindow', 10)::date
      from "activity" a
      where a.type = 0 and a.agreement_id is not null and a.ledger_transaction_id is not null
        and a.transaction_status in (2, 3) and a.data ? 'bankWindow'
      order by a.ledger_transaction_id, a.id
      on conflict do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "core_banking_statement" cascade;`);
  }

}
