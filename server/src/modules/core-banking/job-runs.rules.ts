import { addDays, todayIn, zonedInstant } from '../../shared/local-date.js';

function listOf(field: string, max: number): number[] | null {
  if (!/^\d+(,\d+)*$/.test(field)) return null;
  const values = field.split(',').map(Number);
  return values.every((v) => v <= max) ? [...new Set(values)].sort((a, b) => a - b) : null;
}

/**
 * The next tick of a daily schedule (`M H * * *`, minutes and hours as numbers or comma lists, in the institution's
 * time zone) strictly after `now`; null for any other form of schedule (the bank's jobs use only this one).
 */
export function nextDailyRun(cron: string, now: Date, timeZone: string): Date | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5 || fields.slice(2).some((f) => f !== '*')) return null;
  const minutes = listOf(fields[0], 59);
  const hours = listOf(fields[1], 23);
  if (!minutes || !hours) return null;
  const today = todayIn(timeZone, now);
  for (let day = -1; day <= 2; day += 1) {
    for (const hour of hours) {
      for (const minute of minutes) {
        const at = zonedInstant(addDays(today, day), timeZone, hour, minute);
        if (at.getTime() > now.getTime()) return at;
      }
    }
  }
  return null;
}

/**
 * A job's output as the staff page reads it: items done and failed (numbers the handler wrote), or an error: a failed
 * run's message, or the problem a completed run reported (a reconciliation mismatch).
 */
export function readJobOutput(
  state: string,
  output: Record<string, unknown> | null,
): { itemsDone: number | null; itemsFailed: number | null; error: string | null } {
  const number = (key: string) => (typeof output?.[key] === 'number' ? (output[key] as number) : null);
  const failedRun = state === 'failed' || state === 'retry';
  const message = typeof output?.message === 'string' ? output.message : null;
  return {
    itemsDone: failedRun ? null : number('itemsDone'),
    itemsFailed: failedRun ? null : number('itemsFailed'),
    error: failedRun
      ? (message ?? 'The run failed without a message.')
      : typeof output?.problem === 'string'
        ? output.problem
        : null,
  };
}

/**
 * A step's summary from its parts' (each `stepSummary` of its range), as the step's job keeps it: figures added up,
 * lists one after the other (the bills not paid, read by `lastBankDay`), a problem said once per part that had one.
 * One part: its summary as it is.
 */
export function combineStepOutputs(outputs: readonly Record<string, unknown>[]): Record<string, unknown> {
  if (outputs.length === 1) return { ...outputs[0] };
  const combined: Record<string, unknown> = {};
  for (const output of outputs) {
    for (const [key, value] of Object.entries(output)) {
      const before = combined[key];
      if (typeof value === 'number') combined[key] = (typeof before === 'number' ? before : 0) + value;
      else if (Array.isArray(value)) combined[key] = [...(Array.isArray(before) ? before : []), ...value];
      else if (typeof value === 'string' && typeof before === 'string') combined[key] = `${before} ${value}`;
      else combined[key] = value;
    }
  }
  return combined;
}
