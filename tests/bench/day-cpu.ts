import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { QuerySql } from './write-rate.js';

/**
 * The CPU a bench's timed work took, beside its wall time (the machine is shared: wall times swing with the load,
 * CPU much less). Node's from `process.cpuUsage`; PostgreSQL's as the sum of its server processes' user and system
 * time (/proc/<pid>/stat) over the processes whose title names the bench's database (its backends: those that left
 * before the end are not counted); null when none is found (another machine, or the database elsewhere).
 */
export interface CpuMark {
  node: NodeJS.CpuUsage;
  postgres: Map<number, number> | null;
}

const TICK_MS = 10; // USER_HZ = 100 on Linux

function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // utime, stime (fields 14, 15)
  } catch {
    return null;
  }
}

/** The server processes of this database (their title names it), by pid: their CPU so far (ms). */
function backendsOf(database: string): Map<number, number> | null {
  const cpu = new Map<number, number>();
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const name of entries) {
    let title: string;
    try {
      title = readFileSync(`/proc/${name}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!title.startsWith('postgres: ') || !title.includes(` ${database} `)) continue;
    const ms = processCpuMs(Number(name));
    if (ms !== null) cpu.set(Number(name), ms);
  }
  return cpu.size > 0 ? cpu : null;
}

async function backends(query: QuerySql): Promise<Map<number, number> | null> {
  const [row] = await query<{ db: string }>('select current_database() as db');
  database = row.db;
  return backendsOf(database);
}

let database = '';

export async function markCpu(query: QuerySql): Promise<CpuMark> {
  return { node: process.cpuUsage(), postgres: await backends(query) };
}

/** The CPU since `mark` of Node and of the backends `mark` knew (no query: for a synchronous callback), in ms. */
export function cpuSinceSync(mark: CpuMark): { nodeMs: number; postgresMs: number } {
  const node = process.cpuUsage(mark.node);
  let postgresMs = 0;
  for (const [pid, ms] of backendsOf(database) ?? []) postgresMs += ms - (mark.postgres?.get(pid) ?? 0);
  return { nodeMs: (node.user + node.system) / 1000, postgresMs };
}

/** The CPU since `mark`, in ms: Node's and PostgreSQL's (null when unknown). */
export async function cpuSince(query: QuerySql, mark: CpuMark): Promise<{ nodeMs: number; postgresMs: number | null }> {
  const node = process.cpuUsage(mark.node);
  const now = await backends(query);
  let postgresMs: number | null = null;
  if (now && mark.postgres) {
    postgresMs = 0;
    for (const [pid, ms] of now) postgresMs += ms - (mark.postgres.get(pid) ?? 0);
  }
  return { nodeMs: (node.user + node.system) / 1000, postgresMs };
}

/**
 * BENCH_STATEMENTS=1: every statement's wall time from Node (sent to answered, waits included), summed by its text's
 * first 90 characters; `report` prints the top ones. Only for finding where a day goes: it costs a little itself.
 */
export function statementTimer(): {
  start(): void;
  pause(): void;
  /** The job of the day the statements from now on belong to (their totals by job are reported too). */
  phase(name: string): void;
  report(top?: number): string;
} {
  const totals = new Map<string, { n: number; ms: number }>();
  const byPhase = new Map<string, { n: number; ms: number }>();
  let current = '';
  let on = false;
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const add = (key: string, started: number) => {
    const ms = performance.now() - started;
    const count = (map: Map<string, { n: number; ms: number }>, k: string) => {
      const t = map.get(k) ?? { n: 0, ms: 0 };
      t.n += 1;
      t.ms += ms;
      map.set(k, t);
    };
    count(byPhase, current);
    // BENCH_STATEMENTS_JOB=<job>: the statements' texts of that job of the day only (the totals by job stay whole).
    const only = process.env.BENCH_STATEMENTS_JOB;
    if (!only || only === current) count(totals, key);
  };
  proto.query = function timed(this: unknown, ...args: unknown[]) {
    if (!on) return original.apply(this, args);
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
    const key = text.replace(/\s+/g, ' ').slice(0, 90);
    const started = performance.now();
    const last = args.length - 1;
    // knex passes a callback; pg-boss awaits the promise.
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...a: unknown[]) => unknown;
      args[last] = (...a: unknown[]) => {
        add(key, started);
        return callback(...a);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      void (result as Promise<unknown>).then(
        () => add(key, started),
        () => {},
      );
    }
    return result;
  };
  return {
    start: () => {
      on = true;
    },
    pause: () => {
      on = false;
    },
    phase: (name) => {
      current = name;
    },
    report(top = 40) {
      on = false;
      proto.query = original;
      const all = [...totals.entries()].sort((a, b) => b[1].ms - a[1].ms);
      const sum = all.reduce((s, [, t]) => s + t.ms, 0);
      const n = all.reduce((s, [, t]) => s + t.n, 0);
      return [
        `statements: ${n}, ${Math.round(sum)} ms in all; by job: ${[...byPhase.entries()]
          .map(([k, t]) => `${k || 'before'} ${t.n} in ${Math.round(t.ms)} ms`)
          .join(', ')}`,
        ...all.slice(0, top).map(([k, t]) => `${t.ms.toFixed(1).padStart(8)} ms ${String(t.n).padStart(5)}× ${k}`),
      ].join('\n');
    },
  };
}
