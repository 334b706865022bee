/** The staff jobs page's words and figures (pure: table-tested). */

const JOB_NAMES: Record<string, string> = {
  'core-banking-day': 'Bank day: deposits',
  'core-banking-reconciliation': 'Bank day: reconciliation',
  'core-banking-autopay': 'Bank day: automatic payments',
  'core-banking-calendar': 'Bank day: calendar',
  'core-banking-day-part': 'Bank day: a part of a step',
  'core-banking-applied-autopay': 'Bank day: automatic payments of an agreement applied later',
  'core-banking-window': 'Pending window',
  'database-vacuum': 'Database upkeep (vacuum)',
};

/** A job's short name for the tables. */
export function jobLabel(name: string): string {
  return JOB_NAMES[name] ?? name;
}

const STATES: Record<string, string> = {
  created: 'Waiting',
  retry: 'Failed, will retry',
  active: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export function stateLabel(state: string): string {
  return STATES[state] ?? state;
}

export function stateColour(state: string): string {
  if (state === 'completed') return 'green';
  if (state === 'failed' || state === 'retry') return 'red';
  if (state === 'active') return 'blue';
  return 'gray';
}

/** 850 → `0.9 s`; 62,000 → `1 min 2 s`; null → `—`. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/**
 * A daily schedule (`5 0 * * *`, `0 9,15 * * *`) in words: `daily at 00:05`, `daily at 09:00 and 15:00`; a step of
 * the day started by another job (`after core-banking-day`): `after Bank day: deposits`.
 */
export function scheduleLabel(cron: string): string {
  const after = /^after (\S+)$/.exec(cron.trim());
  if (after) return `after ${jobLabel(after[1])}`;
  const [minutes, hours, ...rest] = cron.trim().split(/\s+/);
  if (!minutes || !hours || rest.length !== 3 || rest.some((f) => f !== '*')) return cron;
  if (!/^\d+$/.test(minutes) || !/^\d+(,\d+)*$/.test(hours)) return cron;
  const times = hours.split(',').map((h) => `${h.padStart(2, '0')}:${minutes.padStart(2, '0')}`);
  const list = times.length === 1 ? times[0] : `${times.slice(0, -1).join(', ')} and ${times[times.length - 1]}`;
  return `daily at ${list}`;
}

const STEPS: Record<string, string> = {
  deposits: 'deposits (00:05)',
  reconciliation: 'reconciliation with the bank’s statement (00:05)',
  autopay: 'automatic payments (00:05)',
  calendar: 'the bills’ calendar, expiry and renewals due (00:05)',
  review: 'the deposit review (01:30)',
  'window-9': 'the 9:00 pending window',
  'window-15': 'the 3:00 pm pending window',
};

/** What a day's run is doing, for the progress line. */
export function stepLabel(step: string): string {
  return STEPS[step] ?? step;
}

/** The day's figures worth saying, in their order: the non-zero ones (all zero: nothing happened). */
export function shownFigures<T extends { count: number }>(figures: readonly T[]): T[] {
  return figures.filter((figure) => figure.count > 0);
}
