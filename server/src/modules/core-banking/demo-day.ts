import { performance } from 'node:perf_hooks';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DemoClock, type Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { FiguresChangeReason, figuresChanged } from '../../common/figures-changed.js';
import { addDays, type LocalDate } from '../../shared/local-date.js';
import type { EventBus } from '../../graphql/event-bus.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { DATABASE_VACUUM_JOB, maintenanceWanted, type DatabaseKind } from '../../jobs/database-vacuum.js';
import type { BankDayService } from './bank-day.service.js';
import { announceDemoDay, catchUpWithStoredDemoDay, storeDemoDay } from './demo-clock.store.js';
import { runJobNow, simulateDay, summariseSimulatedDay, type DayFigure, type DayStep } from './simulation.js';

/** What the demo's "run the next day" did. */
export interface DemoDayRun {
  date: LocalDate;
  durationMs: number;
  figures: DayFigure[];
  details: string[];
}

/** Where the demo's clock stands and what it is doing. */
export interface DemoClockState {
  /** Demo mode is on (a server setting; never in production). */
  enabled: boolean;
  /** The bank's today on the server's clock. */
  today: LocalDate;
  /** Days the demo clock is ahead of the real one. */
  daysAhead: number;
  /** The day being run, and its step, while a run goes on. */
  running: { date: LocalDate; step: DayStep; startedAt: Date } | null;
  /** The last day run on this instance since it started. */
  lastRun: DemoDayRun | null;
}

export const DEMO_MODE_OFF_MESSAGE =
  'The demo clock is off on this server: the bank’s days run on their own schedule. It is on in demo mode only.';

/**
 * "Run the next day" (demo mode only, issue 10 item 5): moves the demo clock to the day after its today and runs what
 * that day holds through the bank's own jobs (`simulateDay`: the day's steps at 00:05, the deposit review at 01:30,
 * the windows at 9:00 and 15:00, each sent to the queue and run by this instance, the clock held at the job's hour), then stores the day reached
 * (`demo-clock.store.ts`: a restart and the other instances stand on it), leaves the clock on that day and announces
 * it to the other instances, and (on the embedded database) vacuums it as the night's 03:30 upkeep would. One run at a time; the state (`state`) shows its progress. The jobs' keys make a run
 * that fails half-way safe to run again: the next click runs the same day.
 */
export class DemoDayRunner {
  private running: DemoClockState['running'] = null;
  private lastRun: DemoDayRun | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly jobs: JobQueue,
    private readonly bank: BankDayService,
    private readonly events: EventBus,
    private readonly databaseKind: DatabaseKind = 'postgresql',
  ) {}

  get enabled(): boolean {
    return this.clock instanceof DemoClock;
  }

  /** Where the clock stands, after catching up with the day stored (an announcement missed: delivery is at most once). */
  async currentState(em: EntityManager): Promise<DemoClockState> {
    if (this.clock instanceof DemoClock) await catchUpWithStoredDemoDay(this.clock, em);
    return this.state();
  }

  state(): DemoClockState {
    const clock = this.clock;
    return {
      enabled: this.enabled,
      today: clock.today(),
      daysAhead: clock instanceof DemoClock ? clock.daysAhead : 0,
      running: this.running,
      lastRun: this.lastRun,
    };
  }

  async runNextDay(em: EntityManager): Promise<DemoDayRun> {
    const clock = this.clock;
    if (!(clock instanceof DemoClock)) throw new DomainError('DEMO_MODE_OFF', DEMO_MODE_OFF_MESSAGE);
    // Another instance may have run days this one has not heard of: the next day is the one after the stored day.
    await catchUpWithStoredDemoDay(clock, em);
    if (this.running) {
      throw new DomainError(
        'DEMO_DAY_RUNNING',
        `The day ${this.running.date} is still being run: wait for it to finish, then run the next one.`,
      );
    }
    const date = addDays(clock.today(), 1);
    this.running = { date, step: 'deposits', startedAt: new Date() };
    const started = performance.now();
    try {
      // Run again after a failure or a killed instance, the day resumes where it stood (the same date: the clock moves
      // only once a day has run).
      const simulated = await simulateDay(
        this.jobs,
        this.bank,
        em,
        clock,
        date,
        (step) => {
          if (this.running) this.running = { ...this.running, step };
        },
        { resume: true },
      );
      // Only a day whose jobs all ran is stored, and the clock moves only once it is.
      await storeDemoDay(em, date);
      clock.advanceTo(date);
      announceDemoDay(this.events, date);
      // Today moved for everyone: every open screen reads its figures again (issue 25 item 4).
      figuresChanged(em, { everyAccount: true, reason: FiguresChangeReason.BankDay });
      // The demo's days pass no 03:30 of the real clock: on the embedded database (no autovacuum) each day run ends with
      // the nightly upkeep, through its own job (jobs/database-vacuum.ts), as the night would.
      if (maintenanceWanted(this.databaseKind)) {
        await runJobNow(this.jobs, em, DATABASE_VACUUM_JOB, {}, `vacuum:${date}`, () => false);
      }
      const run = { date, durationMs: Math.round(performance.now() - started), ...summariseSimulatedDay(simulated) };
      this.lastRun = run;
      return run;
    } catch (error) {
      // The clock goes back to where it stood: the same day is run again next time (its steps are keyed).
      clock.advanceTo(clock.base.today());
      throw new DomainError(
        'DEMO_DAY_FAILED',
        `The day ${date} could not be run: ${error instanceof Error ? error.message : String(error)}. Nothing of it is counted twice: run it again.`,
      );
    } finally {
      this.running = null;
    }
  }
}
