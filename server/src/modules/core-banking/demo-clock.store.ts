import type { EntityManager } from '@mikro-orm/postgresql';
import type { DemoClock } from '../../shared/clock.js';
import { isLocalDate, type LocalDate } from '../../shared/local-date.js';
import type { EventBus } from '../../graphql/event-bus.js';

/**
 * The day the demo clock has reached, kept in the database (demo mode only): a restarted server and every other
 * instance on the database stand on the bank day the data was run to. Read only when demo mode is on.
 */
export const DEMO_DAY_SETTING = 'demoClockDay';

/** Published after a demo day's run is stored: every instance's demo clock moves to it. */
export const DEMO_DAY_TOPIC = 'demoDayReached';

export interface DemoDayReachedEvent {
  date: LocalDate;
}

/** The stored setting's value (`{ "date": "YYYY-MM-DD" }`) or an event's payload read as a day; anything else: none. */
export function demoDayOf(value: unknown): LocalDate | null {
  if (typeof value !== 'object' || value === null) return null;
  const date = (value as { date?: unknown }).date;
  return isLocalDate(date) ? date : null;
}

/** The day the demo clock reached, as stored (none before the first day is run on this database). */
export async function storedDemoDay(em: EntityManager): Promise<LocalDate | null> {
  const [row] = await em.execute<{ value: unknown }[]>('select value from setting where key = ?', [DEMO_DAY_SETTING]);
  return demoDayOf(row?.value);
}

/**
 * Stores the day a run reached, in its own statement after the day's jobs committed. Never goes back: an instance
 * that ran an older day (it had not heard of a newer one yet) leaves the later day standing.
 */
export async function storeDemoDay(em: EntityManager, date: LocalDate): Promise<void> {
  await em.execute(
    `insert into setting (key, value) values (?, ?::jsonb)
     on conflict (key) do update set value = excluded.value, updated_at = now()
     where (setting.value ->> 'date') is null or (setting.value ->> 'date') < (excluded.value ->> 'date')`,
    [DEMO_DAY_SETTING, JSON.stringify({ date } satisfies DemoDayReachedEvent)],
  );
}

/** Moves the clock to the stored day (never back); answers the day stored. */
export async function catchUpWithStoredDemoDay(clock: DemoClock, em: EntityManager): Promise<LocalDate | null> {
  const date = await storedDemoDay(em);
  if (date) clock.reach(date);
  return date;
}

/** After the commit: tells every instance (this one too) the day reached. Ids and small facts only. */
export function announceDemoDay(events: EventBus, date: LocalDate): void {
  events.publish(DEMO_DAY_TOPIC, { date } satisfies DemoDayReachedEvent);
}

/**
 * At startup in demo mode: the clock goes to the stored day, then follows the days other instances reach
 * (`DEMO_DAY_TOPIC`). Answers the function that stops following (before the bus closes).
 */
export async function followDemoDay(clock: DemoClock, em: EntityManager, events: EventBus): Promise<() => void> {
  const iterator = events.subscribe(DEMO_DAY_TOPIC)[Symbol.asyncIterator]();
  await catchUpWithStoredDemoDay(clock, em);
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const next = await iterator.next();
      if (next.done) return;
      const date = demoDayOf(next.value);
      if (date) clock.reach(date);
    }
  })().catch(() => undefined);
  return () => {
    stopped = true;
    void iterator.return?.();
  };
}
