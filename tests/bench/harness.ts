import { availableParallelism, cpus } from 'node:os';
import { performance } from 'node:perf_hooks';

/** One measured line of the table. */
export interface BenchResult {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
  /** A target or a remark printed beside the figures (reported, never asserted). */
  note?: string;
}

/** A line that is not a measurement: a skipped benchmark, or how to run one by hand. */
export interface BenchNote {
  name: string;
  note: string;
}

export type BenchRow = BenchResult | BenchNote;

/**
 * A group of benchmarks in its own file (`tests/bench/<name>.ts`), listed in run.ts. Sections needing a
 * database or a server start and stop them inside `run`.
 */
export interface BenchSection {
  name: string;
  title: string;
  /** Run only when named (`npm run bench -- fuzz`), never by a plain `npm run bench`. */
  explicitOnly?: boolean;
  run(): Promise<BenchRow[]>;
}

export interface MeasureOptions {
  /** Untimed runs first, so the JIT has compiled the hot paths. */
  warmup?: number;
  runs?: number;
  note?: string;
}

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** Keeps every result alive (folded into a module variable), so no run can be optimised away. */
export const sink = { value: 0 };
export function consume(value: unknown): void {
  sink.value ^= typeof value === 'object' && value !== null ? Object.keys(value).length : Number(Boolean(value));
}

/** A measured line from samples taken elsewhere (another thread). */
export function fromSamples(name: string, samples: readonly number[], note?: string): BenchResult {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    runs: sorted.length,
    medianMs: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    minMs: sorted[0],
    maxMs: sorted[sorted.length - 1],
    note,
  };
}

/** Times `fn` over repeated runs after a warm-up; works for sync and async functions. */
export async function measure(
  name: string,
  fn: () => unknown | Promise<unknown>,
  options: MeasureOptions = {},
): Promise<BenchResult> {
  const { warmup = 20, runs = 100 } = options;
  for (let i = 0; i < warmup; i += 1) consume(await fn());
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    const value = await fn();
    samples.push(performance.now() - start);
    consume(value);
  }
  return fromSamples(name, samples, options.note);
}

function ms(value: number): string {
  return value < 10 ? value.toFixed(3) : value.toFixed(1);
}

/** The table for one section (measured lines), then its notes (skipped benchmarks, how to run one by hand). */
export function formatSection(section: BenchSection, rows: readonly BenchRow[]): string {
  const measured = rows.filter((row): row is BenchResult => 'runs' in row);
  const notes = rows.filter((row) => !('runs' in row));
  const header = ['benchmark', 'runs', 'median ms', 'p95 ms', 'min ms', 'max ms', 'note'];
  const lines = measured.map((row) => [
    row.name,
    String(row.runs),
    ms(row.medianMs),
    ms(row.p95Ms),
    ms(row.minMs),
    ms(row.maxMs),
    row.note ?? '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i >= 1 && i <= 5 ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const table =
    measured.length > 0 ? [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)] : [];
  return [`## ${section.title}`, ...table, ...notes.map((row) => `- ${row.name}: ${row.note}`)].join('\n');
}

export function environmentLine(): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return `node ${process.version}, ${availableParallelism()} cores (${cpu}); figures are noisy: compare ratios.`;
}
