import type { EntityManager } from '@mikro-orm/postgresql';
import { DepositStatus } from '../agreement/index.js';
import { SimulatedEvent, SimulatedOutcome } from './simulator.rules.js';

/**
 * Demo and generated members whose deposits stopped (missed deposits in their history: arrears, resignations) keep
 * missing them under the simulator: a Missing row from their first missed deposit, for ever, unless one is there.
 * Without it the simulator's default (every deposit arrives) would clear every seeded arrears on the first day.
 */
export async function keepSeededDepositsMissing(em: EntityManager): Promise<number> {
  const rows = await em.execute<{ id: number }[]>(
    `insert into core_banking_outcome (member_id, event, outcome, date_from)
     select l.member_id, ${SimulatedEvent.Deposit}, ${SimulatedOutcome.Missing}, min(d.due_date)
     from scheduled_deposit d join agreement g on g.id = d.agreement_id
     join member_account_link l on l.account_id = g.account_id and l.is_active
     where d.status = ${DepositStatus.Missed}
       and not exists (select 1 from core_banking_outcome o where o.member_id = l.member_id and o.event = ${SimulatedEvent.Deposit})
     group by l.member_id
     returning id`,
  );
  return rows.length;
}
