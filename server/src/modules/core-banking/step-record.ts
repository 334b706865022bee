import type { EntityManager } from '@mikro-orm/postgresql';
import type { LocalDate } from '../../shared/local-date.js';
import { runSql } from '../../database/bulk.js';
import type { AgreementRange } from '../../jobs/agreement-ranges.rules.js';

/**
 * The record a step of the bank's day keeps of itself: its rounds and their parts (`bank_day_partition`), written
 * when the step splits its day (core-banking.jobs.ts) or runs whole here (`BankDayService#runStep`), whatever work
 * the day held. It is what tells that a step of a day has begun, also on a day when it found nothing to do (the
 * keys of `bank_day_step` are per agreement: a day with no deposit due anywhere leaves none).
 */

/** A step's name as its record has it (`DayStepName`). */
type StepName = string;

export interface PartRow {
  round: number;
  part: number;
  from_id: number | null;
  to_id: number | null;
  done_at: Date | null;
  output: Record<string, unknown> | null;
}

/**
 * Serialises the runs that split, and the parts that end, one step of one day (any instance), and the readers of
 * whether it has begun (`stepBegun`): held until the transaction's end.
 */
export async function lockStep(tx: EntityManager, step: StepName, date: LocalDate): Promise<void> {
  await runSql(tx, 'select pg_advisory_xact_lock(hashtext(?))', [stepLockKey(step, date)]);
}

function stepLockKey(step: StepName, date: LocalDate): string {
  return `bank-day-partition:${step}:${date}`;
}

/** The parts of a step's day in its last round (`round`: that one). */
export async function partsOf(tx: EntityManager, step: StepName, date: LocalDate, round?: number): Promise<PartRow[]> {
  return runSql<PartRow>(
    tx,
    `select round, part, from_id, to_id, done_at, output from bank_day_partition
     where step = ? and business_date = ?::date
       and round = coalesce(?::int, (select max(round) from bank_day_partition where step = ? and business_date = ?::date))
     order by part`,
    [step, date, round ?? null, step, date],
  );
}

/** Records a new round of a step's day, its parts the `ranges` in order (under `lockStep`); answers its parts. */
export async function insertRound(
  tx: EntityManager,
  step: StepName,
  date: LocalDate,
  ranges: readonly AgreementRange[],
): Promise<PartRow[]> {
  const last = await partsOf(tx, step, date);
  const round = (last[0]?.round ?? 0) + 1;
  await runSql(
    tx,
    `insert into bank_day_partition (step, business_date, round, part, from_id, to_id)
     select ?, ?::date, ?, r.part, r.from_id, r.to_id
     from json_to_recordset(?::json) as r(part int, from_id int, to_id int)`,
    [step, date, round, JSON.stringify(ranges.map((r, part) => ({ part, from_id: r.from, to_id: r.to })))],
  );
  return partsOf(tx, step, date, round);
}

/** Marks a part done with its summary (under `lockStep`); false when it was done already. */
export async function markPartDone(
  tx: EntityManager,
  step: StepName,
  date: LocalDate,
  round: number,
  part: number,
  summary: Record<string, unknown> | null,
): Promise<boolean> {
  const marked = await runSql(
    tx,
    `update bank_day_partition set done_at = now(), output = ?::jsonb
     where step = ? and business_date = ?::date and round = ? and part = ? and done_at is null returning part`,
    [summary === null ? null : JSON.stringify(summary), step, date, round, part],
  );
  return marked.length > 0;
}

/**
 * Whether the step `step` of the day `date` has begun: a round of it is recorded (split by its job, or run whole),
 * whether or not it found work. The one reader of it: the deposits step's (`BankDayService#depositsTakenOn`: a
 * deposit of that day written later is asked for only the next day) and the automatic payments' (a bill due that
 * day on an agreement applied later is paid by its own job). It first takes the step's lock shared (the split holds
 * it exclusive, `lockStep`; either until its transaction ends), so that a transaction reading "not begun" and then
 * writing the day's work commits before the step's round is written, and the step's parts, which read after it, see
 * that work.
 */
export async function stepBegun(em: EntityManager, step: StepName, date: LocalDate): Promise<boolean> {
  // Shared: readers (two agreements applied at once) do not wait for each other, only for the split.
  await runSql(em, 'select pg_advisory_xact_lock_shared(hashtext(?))', [stepLockKey(step, date)]);
  const [row] = await runSql<{ begun: boolean }>(
    em,
    'select exists (select 1 from bank_day_partition where step = ? and business_date = ?::date) as begun',
    [step, date],
  );
  return row?.begun === true;
}
