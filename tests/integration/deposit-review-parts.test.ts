import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEPOSIT_REVIEW_JOB,
  DEPOSIT_REVIEW_PART_JOB,
  reviewPartKey,
} from '../../server/src/modules/agreement/review/review-jobs.js';
import { loadPlanEffectiveDates, loadStoredPlans } from '../../server/src/modules/agreement/plan/plan-reader.js';
import { runningAgreementFacts } from '../../server/src/modules/agreement/review/review-store.js';
import { DepositReviewService } from '../../server/src/modules/agreement/review/review.service.js';
import { EVERY_AGREEMENT } from '../../server/src/jobs/agreement-ranges.rules.js';
import { fixedClock, startOfRunOn } from '../../server/src/shared/clock.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { em, sql } from './portal-support.js';

/**
 * Issue 23 item 2 for the deposit review (issue 24 item 2): the day's review split into parts of at most
 * BANK_DAY_PARTITION_SIZE running agreements (here 2, so the demo book makes several), one job each that any
 * instance's worker takes, each in its own transaction; together they record exactly what one whole run records,
 * and a part run again changes nothing.
 */

const TODAY = (process.env.E2E_TODAY ?? '2026-11-23') as LocalDate;

let server: TestServer;
const reviews = () =>
  sql<{ agreement_id: number; status: number; proposed_deposit: string | null; reviewed_on: string }>(
    server,
    `select agreement_id, status, proposed_deposit::text, reviewed_on::text from deposit_review order by id`,
  );

beforeAll(async () => {
  server = await startTestServer({
    clock: fixedClock(TODAY, startOfRunOn(TODAY)),
    env: { BANK_DAY_PARTITION_SIZE: '2' },
  });
});
afterAll(() => server?.stop());

describe('the deposit review in parts', () => {
  it('splits the running agreements into parts, each its own job, which together review every one of them', async () => {
    const jobs = server.app.services.jobs;
    const [{ running }] = await sql<{ running: number }>(
      server,
      'select count(*)::int as running from agreement where status in (7, 4)',
    );
    const parts = Math.ceil(running / 2);
    expect(parts).toBeGreaterThan(1);

    await jobs.send(em(server), DEPOSIT_REVIEW_JOB, {});
    expect(await jobs.drain(DEPOSIT_REVIEW_JOB)).toBe(1);
    // The run only split the work: nothing reviewed yet, one waiting job per part.
    expect(await reviews()).toEqual([]);
    const keys = [...(await jobs.liveKeys(DEPOSIT_REVIEW_PART_JOB))].sort();
    expect(keys).toEqual(Array.from({ length: parts }, (_, part) => reviewPartKey(TODAY, part)).sort());

    expect(await jobs.drain(DEPOSIT_REVIEW_PART_JOB)).toBe(parts);
    const recorded = await reviews();
    expect(recorded.length).toBeGreaterThan(0);
    expect(new Set(recorded.map((row) => row.agreement_id)).size).toBe(recorded.length);
    const outputs = await sql<{ output: { reviewed: number } }>(
      server,
      `select output from pgboss.job where name = ? and state = 'completed'`,
      [DEPOSIT_REVIEW_PART_JOB.definition.name],
    );
    // Every running agreement reviewed once, in exactly one part.
    expect(outputs.reduce((n, row) => n + row.output.reviewed, 0)).toBe(running);

    // One whole run afterwards finds nothing left to record: the parts did all of it.
    const whole = await server.app.services.depositReviews.reviewAll(em(server));
    expect(whole).toMatchObject({ reviewed: running, proposed: 0, unchanged: 0, superseded: 0 });
    expect(await reviews()).toEqual(recorded);
  });

  it('changes nothing when a part runs again (a retry, or its instance killed before it was marked done)', async () => {
    const jobs = server.app.services.jobs;
    const before = await reviews();
    await jobs.send(em(server), DEPOSIT_REVIEW_PART_JOB, { date: TODAY, part: 0, from: null, to: null });
    expect(await jobs.drain(DEPOSIT_REVIEW_PART_JOB)).toBe(1);
    expect(await reviews()).toEqual(before);
  });

  it('works out in batches (the next loaded while one is worked out) what it works out one agreement at a time', async () => {
    const { projections, settings, clock, depositReviews } = server.app.services;
    // Batches of 1, so that the demo book makes several; the run makes no deposit change (only an answer does).
    const batched = new DepositReviewService(projections, settings, clock, undefined as never, 1);
    const agreements = await runningAgreementFacts(em(server));
    expect(agreements.length).toBeGreaterThan(1);
    const all = await batched.forAgreements(em(server), agreements);
    expect([...all.keys()].sort()).toEqual(agreements.map((agreement) => agreement.id).sort());
    for (const agreement of agreements) {
      expect(all.get(agreement.id)).toEqual(
        (await depositReviews.forAgreements(em(server), [agreement])).get(agreement.id),
      );
    }
    // Run in batches after the parts, the review finds the same figures open: it records nothing.
    const before = await reviews();
    const run = await em(server).transactional((tx) => batched.reviewPart(tx, EVERY_AGREEMENT));
    expect(run).toMatchObject({ reviewed: agreements.length, proposed: 0, unchanged: 0, superseded: 0 });
    expect(await reviews()).toEqual(before);
  });

  it('reads when each stored plan took effect (the calendar of a review) as the whole stored plans say it', async () => {
    const ids = (await runningAgreementFacts(em(server))).map((agreement) => agreement.id);
    const plans = await loadStoredPlans(em(server), ids);
    expect(plans.size).toBeGreaterThan(0);
    expect(await loadPlanEffectiveDates(em(server), ids)).toEqual(
      new Map([...plans].map(([id, plan]) => [id, plan.effectiveDate])),
    );
  });
});
