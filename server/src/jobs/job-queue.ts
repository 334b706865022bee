import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { retryOnDeadlock } from './deadlock.js';
import { knexExecutor, poolOf, transactionOf } from './sql-executor.js';

/** pg-boss keeps its tables in this schema of the application's database. */
export const JOB_SCHEMA = 'pgboss';

/** A kind of job: its queue and how its jobs are retried and scheduled. One per queue. */
export interface JobDefinition {
  /** The queue's name: `<module>-<what it does>` (letters, digits and hyphens). */
  name: string;
  /**
   * `short`: at most one job per key waits (a second send with the same key answers null): the way to say "do
   * X for this record once". `standard` (the default): every send is a job.
   */
  policy?: 'standard' | 'short';
  /** Attempts after the first when the handler throws (or its instance dies and the job expires). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Doubles the delay at each retry. */
  retryBackoff: boolean;
  /** A job running longer than this is taken to be lost (its instance died) and tried again. */
  expireInSeconds: number;
  /** A schedule (cron, in the institution's time zone): one job per tick across every instance. */
  cron?: string;
  /** Jobs fetched per poll; each is run, completed or failed on its own. */
  batchSize?: number;
}

/**
 * A part of a job split into agreement ranges (jobs/agreement-ranges.rules.ts: the bank day's steps, the deposit
 * review): one at a time per instance (batchSize 1), so that every instance's worker takes parts of the same job;
 * retried soon, and taken again once it outlives its expiry (well after a part's run: seconds).
 */
export const PART_JOB_OPTIONS: Omit<JobDefinition, 'name'> = {
  policy: 'short',
  retryLimit: 5,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 600,
  batchSize: 1,
};

/** A job kind with the type of its data (the data travel as JSON: plain values only). */
export interface JobType<T extends object> {
  readonly definition: Readonly<JobDefinition>;
  /** Type only: never set. */
  readonly data?: T;
}

export function defineJob<T extends object>(definition: JobDefinition): JobType<T> {
  if (!/^[a-z][a-z0-9-]*$/.test(definition.name)) throw new Error(`Invalid job name "${definition.name}"`);
  return { definition: Object.freeze({ ...definition }) };
}

export interface JobContext {
  /** A fresh EntityManager for this job. */
  em: EntityManager;
  jobId: string;
  /** 1 for the first run. */
  attempt: number;
  /** No retry follows if this run throws: the handler records the failure itself if it must be seen. */
  lastAttempt: boolean;
}

/** A handler may answer a small summary of what it did: kept as the job's output (staff read it with the job). */
export type JobHandler<T> = (data: T, context: JobContext) => Promise<void | Record<string, unknown>>;

export interface JobQueueOptions {
  /** How often each worker looks for jobs; 0: this instance runs no jobs (it only sends them: tests `drain`). */
  pollingSeconds: number;
  /** The time zone of the schedules. */
  timeZone: string;
  /** How often expired jobs (their instance died) are found and retried, and old ones archived (default 120). */
  maintenanceSeconds?: number;
}

interface Registered {
  definition: Readonly<JobDefinition>;
  handler: JobHandler<object>;
}

type BossJob = PgBoss.JobWithMetadata<object>;

/** A queue's settings as pg-boss stores them (its `getQueues` rows, `createQueue`/`updateQueue` options). */
type QueueSettings = PgBoss.Queue;

/** A schedule as pg-boss stores it (its `getSchedules` rows: the table's columns, not its typed `Schedule`). */
export interface StoredSchedule {
  name: string;
  cron: string;
  timezone: string | null;
}

function settingsOf(definition: Readonly<JobDefinition>): QueueSettings {
  return {
    name: definition.name,
    policy: definition.policy ?? 'standard',
    retryLimit: definition.retryLimit,
    retryDelay: definition.retryDelaySeconds,
    retryBackoff: definition.retryBackoff,
    expireInSeconds: definition.expireInSeconds,
  };
}

const SETTINGS = ['policy', 'retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds'] as const;

/** The queues to create (none stored under their name) and those whose stored settings differ from the definition. */
export function queueWrites(
  definitions: readonly Readonly<JobDefinition>[],
  stored: readonly QueueSettings[],
): { create: QueueSettings[]; update: QueueSettings[] } {
  const byName = new Map(stored.map((queue) => [queue.name, queue]));
  const create: QueueSettings[] = [];
  const update: QueueSettings[] = [];
  for (const definition of definitions) {
    const wanted = settingsOf(definition);
    const queue = byName.get(wanted.name);
    if (!queue) create.push(wanted);
    else if (SETTINGS.some((key) => queue[key] !== wanted[key])) update.push(wanted);
  }
  return { create, update };
}

/** The cron schedules to write: those not stored with the same cron and time zone (pg-boss's `getSchedules` rows). */
export function scheduleWrites(
  definitions: readonly Readonly<JobDefinition>[],
  timeZone: string,
  stored: readonly StoredSchedule[],
): { name: string; cron: string }[] {
  const byName = new Map(stored.map((schedule) => [schedule.name, schedule]));
  return definitions.flatMap(({ name, cron }) => {
    if (!cron) return [];
    const schedule = byName.get(name);
    return schedule?.cron === cron && schedule.timezone === timeZone ? [] : [{ name, cron }];
  });
}

/**
 * The application's job queue: pg-boss 10 on the application's own database (real or embedded), through the
 * ORM's connection pool. Modules register handlers before `start`; `send` enqueues inside the caller's
 * transaction. Delivery is at least once: handlers are idempotent.
 */
export class JobQueue {
  private boss: PgBoss | null = null;
  private orm: MikroORM | null = null;
  private readonly jobs = new Map<string, Registered>();
  private readonly workers = new Map<string, string>();
  private readonly running = new Set<Promise<void>>();
  private sqlInFlight = 0;
  private stopped = false;

  constructor(
    private readonly options: JobQueueOptions,
    private readonly logger: Logger,
  ) {}

  /** Whether this instance runs jobs in the background (otherwise `drain` runs them). */
  get working(): boolean {
    return this.options.pollingSeconds > 0;
  }

  /** Whether `send` works now: from `start` until `stop` has ended (not in scripts, before the app starts or after). */
  get sending(): boolean {
    return this.boss !== null;
  }

  /** Registers the handler of a job kind; before `start`. */
  handle<T extends object>(type: JobType<T>, handler: JobHandler<T>): void {
    const { name } = type.definition;
    if (this.boss) throw new Error(`Job ${name} registered after the job queue started`);
    if (this.jobs.has(name)) throw new Error(`Job ${name} registered twice`);
    this.jobs.set(name, { definition: type.definition, handler: handler as JobHandler<object> });
  }

  /** Installs or upgrades pg-boss's schema, creates the queues, and (when working) starts workers and schedules. */
  async start(orm: MikroORM): Promise<void> {
    if (this.boss || this.stopped) return;
    const working = this.working;
    const boss = new PgBoss({
      db: knexExecutor(poolOf(orm.em), (delta) => (this.sqlInFlight += delta)),
      schema: JOB_SCHEMA,
      // Expiry, retention and schedules only where jobs run: an instance that only sends stays quiet.
      supervise: working,
      schedule: working,
      ...(working ? { pollingIntervalSeconds: this.options.pollingSeconds } : {}),
      ...(this.options.maintenanceSeconds ? { maintenanceIntervalSeconds: this.options.maintenanceSeconds } : {}),
    });
    boss.on('error', (error: Error) => this.logger.warn({ err: error }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    this.orm = orm;
    // A restart finds every queue and schedule as it left them: read once, written only where they differ (each
    // write was ~0.1 s of a restart on the embedded database, issue 23 item 6).
    const definitions = [...this.jobs.values()].map((entry) => entry.definition);
    const queues = queueWrites(definitions, await boss.getQueues());
    for (const settings of queues.create) await retryOnDeadlock(() => boss.createQueue(settings.name, settings));
    for (const settings of queues.update) await retryOnDeadlock(() => boss.updateQueue(settings.name, settings));
    if (!working) return;
    const schedules = scheduleWrites(
      definitions,
      this.options.timeZone,
      (await boss.getSchedules()) as unknown as StoredSchedule[],
    );
    for (const entry of this.jobs.values()) {
      const { name, batchSize = 5 } = entry.definition;
      const id = await boss.work<object>(
        name,
        { batchSize, includeMetadata: true, pollingIntervalSeconds: this.options.pollingSeconds },
        async (jobs) => {
          await this.run(entry, jobs);
          // A worker that found work looks again at once; only one that found none waits for its next poll (pg-boss
          // 10 waits the polling interval after every fetch: a step in parts of a second each ran a part per poll).
          const worker = this.workers.get(name);
          if (jobs.length > 0 && worker && !this.stopped) boss.notifyWorker(worker);
        },
      );
      this.workers.set(name, id);
    }
    for (const { name, cron } of schedules) await boss.schedule(name, cron, {}, { tz: this.options.timeZone });
  }

  /**
   * Enqueues a job. Inside a transaction (`em` from `em.transactional`) the job is written on the transaction's
   * own connection: it exists once the transaction commits and never if it rolls back. With a `key` on a `short`
   * queue, answers null when a job with that key already waits; otherwise always the new job's id.
   */
  async send<T extends object>(
    em: EntityManager,
    type: JobType<T>,
    data: T,
    options: { key?: string; startAfterSeconds?: number } = {},
  ): Promise<string | null> {
    const boss = this.started();
    const { name } = type.definition;
    if (!this.jobs.has(name)) throw new Error(`Job ${name} has no handler: its queue was never created`);
    const id = await boss.send(name, data, {
      db: knexExecutor(transactionOf(em) ?? poolOf(em)),
      ...(options.key === undefined ? {} : { singletonKey: options.key }),
      ...(options.startAfterSeconds === undefined ? {} : { startAfter: options.startAfterSeconds }),
    });
    // pg-boss answers null, silently, for a queue that does not exist: a job must never be lost that way.
    if (id === null && options.key === undefined) throw new Error(`Job ${name} was not enqueued`);
    return id;
  }

  /**
   * Enqueues many jobs of one kind in `em`'s transaction (or on the pool) in ONE statement: pg-boss's insert, with the
   * queue's own policy, retries and expiry as `send` has them. A job whose key is taken is left out, as `send` does.
   */
  async sendMany<T extends object>(
    em: EntityManager,
    type: JobType<T>,
    jobs: readonly { data: T; key?: string }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    const boss = this.started();
    const { name } = type.definition;
    if (!this.jobs.has(name)) throw new Error(`Job ${name} has no handler: its queue was never created`);
    await boss.insert(
      jobs.map((job) => ({ name, data: job.data, ...(job.key === undefined ? {} : { singletonKey: job.key }) })),
      { db: knexExecutor(transactionOf(em) ?? poolOf(em)) },
    );
  }

  /** Wakes this instance's worker of a job kind now instead of at its next poll (call after the commit). */
  notify<T extends object>(type: JobType<T>): void {
    const id = this.workers.get(type.definition.name);
    if (id) this.boss?.notifyWorker(id);
  }

  /** The keys of a job kind's jobs still to run (waiting, waiting for a retry, or running). */
  async liveKeys<T extends object>(type: JobType<T>): Promise<Set<string>> {
    const boss = this.started();
    const { rows } = await boss
      .getDb()
      .executeSql(
        `select singleton_key from ${JOB_SCHEMA}.job where name = $1 and state < 'completed' and singleton_key is not null`,
        [type.definition.name],
      );
    return new Set(rows.map((row: { singleton_key: string }) => row.singleton_key));
  }

  /**
   * The keys (`key`, or every key starting with it: `prefix`) whose NEWEST job of a kind is still to run (waiting,
   * waiting for a retry, or running). An older job of the key that an instance took before it was killed stays
   * active until its expiry: the job sent again under the key since is the one to wait for.
   */
  async unfinishedKeys<T extends object>(
    type: JobType<T>,
    key: string,
    { prefix = false }: { prefix?: boolean } = {},
  ): Promise<Set<string>> {
    const { rows } = await this.started()
      .getDb()
      .executeSql(
        `select singleton_key from (
           select distinct on (singleton_key) singleton_key, state from ${JOB_SCHEMA}.job
           where name = $1 and (singleton_key = $2 or ($3 and starts_with(singleton_key, $2)))
           order by singleton_key, created_on desc) newest
         where state < 'completed'`,
        [type.definition.name, key, prefix],
      );
    return new Set(rows.map((row: { singleton_key: string }) => row.singleton_key));
  }

  /** The state of the newest job of a kind sent with `key` (`completed`, `failed`, …), or null when there is none. */
  async stateOf<T extends object>(type: JobType<T>, key: string): Promise<string | null> {
    const { rows } = await this.started()
      .getDb()
      .executeSql(
        `select state from ${JOB_SCHEMA}.job where name = $1 and singleton_key = $2 order by created_on desc limit 1`,
        [type.definition.name, key],
      );
    return (rows[0] as { state: string } | undefined)?.state ?? null;
  }

  /**
   * Jobs of a kind waiting out a retry's delay, by key, are due now (their attempt count unchanged): for when what
   * they failed on is known to be back. Answers how many were brought forward.
   */
  async retryNow<T extends object>(type: JobType<T>, keys: readonly string[]): Promise<number> {
    if (keys.length === 0) return 0;
    const { rows } = await this.started()
      .getDb()
      .executeSql(
        `update ${JOB_SCHEMA}.job set start_after = now()
         where name = $1 and state = 'retry' and start_after > now() and singleton_key = any($2::text[]) returning id`,
        [type.definition.name, keys],
      );
    if (rows.length > 0) this.notify(type);
    return rows.length;
  }

  /**
   * Runs every waiting job of one kind (or of all) now, on this instance, until none waits; answers how many ran.
   * `includeDelayed` also takes jobs waiting for a later start or a retry's delay. For tests and commands.
   */
  async drain(type?: JobType<object>, options: { includeDelayed?: boolean } = {}): Promise<number> {
    const boss = this.started();
    const entries = type ? [this.registered(type.definition.name)] : [...this.jobs.values()];
    let count = 0;
    for (const entry of entries) {
      for (;;) {
        const jobs = await boss.fetch<object>(entry.definition.name, {
          batchSize: entry.definition.batchSize ?? 5,
          includeMetadata: true,
          ignoreStartAfter: options.includeDelayed ?? false,
        });
        if (jobs.length === 0) break;
        await this.run(entry, jobs);
        count += jobs.length;
      }
    }
    return count;
  }

  /** Stops fetching, lets running jobs finish (up to `timeoutMs`), then waits for pg-boss's last statements. */
  async stop({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<void> {
    this.stopped = true;
    const boss = this.boss;
    if (!boss) return;
    await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
    // A poll answered during the stop still runs its jobs and completes them: wait for that before the pool closes.
    const deadline = Date.now() + timeoutMs;
    let quietChecks = 0;
    while (quietChecks < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      quietChecks = this.sqlInFlight === 0 && this.running.size === 0 ? quietChecks + 1 : 0;
    }
    this.boss = null;
  }

  private started(): PgBoss {
    if (!this.boss) throw new Error(this.stopped ? 'The job queue has stopped' : 'The job queue has not started');
    return this.boss;
  }

  private registered(name: string): Registered {
    const entry = this.jobs.get(name);
    if (!entry) throw new Error(`Job ${name} has no handler`);
    return entry;
  }

  /**
   * Runs fetched jobs one after the other, in the order they were sent (a batch comes back from pg-boss in no set
   * order: a member told "locked" then "unlocked" must read them so); each is completed or failed on its own.
   */
  private run(entry: Registered, jobs: BossJob[]): Promise<void> {
    // createdOn comes as the driver gives it (a Date, or the ORM's connection's text): compared as instants.
    const sent = (job: BossJob) => new Date(job.createdOn as Date | string).getTime();
    const inOrder = [...jobs].sort((a, b) => sent(a) - sent(b) || a.id.localeCompare(b.id));
    const work = (async () => {
      for (const job of inOrder) await this.runOne(entry, job);
    })();
    this.running.add(work);
    return work.finally(() => this.running.delete(work));
  }

  private async runOne(entry: Registered, job: BossJob): Promise<void> {
    const boss = this.boss;
    const orm = this.orm;
    if (!boss || !orm) return;
    const { name } = entry.definition;
    const context: JobContext = {
      em: orm.em.fork(),
      jobId: job.id,
      attempt: job.retryCount + 1,
      lastAttempt: job.retryCount >= job.retryLimit,
    };
    let output: void | Record<string, unknown>;
    try {
      output = await entry.handler(job.data, context);
    } catch (error) {
      this.logger.warn({ err: error, job: name, jobId: job.id, attempt: context.attempt }, 'job failed');
      const message = error instanceof Error ? error.message : String(error);
      await boss.fail(name, job.id, { message }).catch((e: unknown) => this.logger.error({ err: e }, 'job not failed'));
      return;
    }
    await (output ? boss.complete(name, job.id, output) : boss.complete(name, job.id)).catch((e: unknown) =>
      this.logger.error({ err: e }, 'job not completed'),
    );
  }
}
