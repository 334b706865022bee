/**
 * What a server holds open, closed in one fixed order whatever the order it was opened in: first nothing new comes
 * in (HTTP, then the subscription sockets), then what works in the background stops (jobs, mail, session
 * revocations, the demo day), then the database pool, and the event bus last. The same sequence stops a running
 * server and cleans up after a start-up that failed half-way (only what was opened is closed).
 */
export const STOP_ORDER = ['http', 'jobs', 'mail', 'sessions', 'demo day', 'pool', 'events'] as const;
export type StopStep = (typeof STOP_ORDER)[number];

export interface StopFailure {
  step: StopStep;
  error: unknown;
}

export class StopSequence {
  private readonly steps = new Map<StopStep, () => Promise<unknown> | unknown>();
  private running: Promise<StopFailure[]> | null = null;
  /** The step under way, for a message when the whole stop takes too long. */
  current: StopStep | null = null;

  /** Registers how to close something just opened (one closer per step). */
  add(step: StopStep, close: () => Promise<unknown> | unknown): void {
    if (this.steps.has(step)) throw new Error(`Stop step "${step}" registered twice`);
    this.steps.set(step, close);
  }

  /**
   * Runs every registered step in STOP_ORDER, once (a second call answers the first's outcome). A step that fails
   * does not keep the later ones from running: their connections would be left open. Answers the failures.
   */
  run(): Promise<StopFailure[]> {
    this.running ??= this.runSteps();
    return this.running;
  }

  private async runSteps(): Promise<StopFailure[]> {
    const failures: StopFailure[] = [];
    for (const step of STOP_ORDER) {
      const close = this.steps.get(step);
      if (!close) continue;
      this.current = step;
      try {
        await close();
      } catch (error) {
        failures.push({ step, error });
      }
    }
    this.current = null;
    return failures;
  }
}
