import type { App } from '../app.js';
import { addDays, type LocalDate } from '../shared/local-date.js';
import { cents } from '../shared/money.js';
import { APPLY_CHANGE_JOB, type DueBill } from '../modules/agreement/index.js';
import { simulateDay, type SimulatedDay, type SimulationClock } from '../modules/core-banking/index.js';
import { checkLedger } from '../modules/ledger/index.js';
import { DEMO_LOGINS, MEMBER_DEMO_PASSWORD } from '../seed/demo.js';
import { generateMembers } from '../seed/generator.js';
import { createRandom, type Random } from '../seed/random.js';
import { ForecastWatch, type AgreementEvening } from './forecast-watch.rules.js';
import { missDeposits, otherAmount, SimActions, type ActionDone, type ActionName } from './sim-actions.js';
import { SimApi, type SimSession } from './sim-api.js';
import {
  compareAtRisk,
  compareMissedDepositReport,
  compareOverviews,
  compareReportingApi,
  compareWorklist,
  type ViewDisagreement,
} from './sim-views.js';
import {
  agreementsAwaitingDeposits,
  agreementsOffPlanToday,
  loadAccounts,
  moneyMovedOn,
  type SimAccount,
} from './sim-world.js';

/**
 * "The same number everywhere", as a run (issue 25 item 6): bank days on the simulation clock with members and staff
 * acting at random through the API, and after every day: the ledger balances, every forecast kept since the last
 * intervention equals the balance reached, no next deposit is in the past, and balance, next deposit, arrears, bills
 * due and the at-risk verdict are the same in every view. Deterministic for a seed (and the world it starts from).
 */

export interface CheckedRunOptions {
  seed: number;
  days: number;
  /** The first bank day (the clock's today when omitted). */
  from?: LocalDate;
  /** Accounts whose three overviews are read each day (all when omitted); the reports always cover every account. */
  overviewsPerDay?: number;
  /** Each running agreement's chance of a random action on a day. */
  actionRate?: number;
  /** Members of the generated population added before the first day (about one agreement each; none when 0). */
  members?: number;
  /** Stop after the first day with a disagreement. */
  stopAtFirst?: boolean;
  log?: (line: string) => void;
}

export interface Disagreement {
  date: LocalDate;
  agreementId: number | null;
  check: string;
  detail: string;
}

export interface CheckedRunResult {
  seed: number;
  from: LocalDate;
  days: number;
  accounts: number;
  actions: Record<string, { ok: number; refused: number }>;
  /** Refusals by action and code (a refusal changes nothing; the counts say what the run could not do). */
  refusals: Record<string, number>;
  forecastsHeld: number;
  overviewsRead: number;
  disagreements: Disagreement[];
  ms: number;
}

const ACTIONS: readonly [ActionName, number][] = [
  ['pay early', 20],
  ['pay late', 12],
  ['top up', 12],
  ['reimburse', 4],
  ['reverse', 6],
  ['miss deposit', 8],
  ['modify', 4],
  ['renew', 3],
  ['cancel', 1],
  ['lock', 3],
];

function pickAction(random: Random): ActionName {
  const total = ACTIONS.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random.int(1, total);
  for (const [name, weight] of ACTIONS) {
    roll -= weight;
    if (roll <= 0) return name;
  }
  return ACTIONS[0][0];
}

/** One line for a disagreement, with what each view answered. */
export function describeDisagreement(d: Disagreement): string {
  return `${d.date} ${d.agreementId === null ? '' : `agreement ${d.agreementId} `}${d.check}: ${d.detail}`;
}

function viewDisagreement(date: LocalDate, check: string, found: ViewDisagreement): Disagreement {
  const answers = found.difference.answers.map((a) => `${a.view} says ${a.value}`).join('; ');
  return { date, agreementId: found.agreementId, check: `${check} ${found.difference.figure}`, detail: answers };
}

export async function runCheckedSimulation(
  app: App,
  clock: SimulationClock,
  options: CheckedRunOptions,
): Promise<CheckedRunResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const { services } = app;
  const em = () => app.database.orm.em.fork();
  const random = createRandom(`simulate:${options.seed}`);
  const api = new SimApi(app.url);
  const login = (name: string) => DEMO_LOGINS.find((l) => l.username === name)!;
  const staff = await api.session('agent', login('agent').password);
  const reporter = await api.session('reporter', login('reporter').password);
  const member = (account: SimAccount): Promise<SimSession> => api.session(account.username, MEMBER_DEMO_PASSWORD);
  const statusOf = async (agreementId: number) => {
    const [row] = await em().execute<{ status: number }[]>('select status from agreement where id = ?', [agreementId]);
    return row ? Number(row.status) : null;
  };
  const actions = new SimActions(api, staff, member, options.seed, statusOf, random);
  const watch = new ForecastWatch();
  const from = options.from ?? clock.today();
  const rate = options.actionRate ?? 0.03;
  const counts: CheckedRunResult['actions'] = {};
  const refusals: Record<string, number> = {};
  const disagreements: Disagreement[] = [];
  /** Bills the member chose to pay late: the day they pay them. */
  const lateBills = new Map<number, LocalDate>();
  let forecastsHeld = 0;
  let overviewsRead = 0;
  let accountCount = 0;

  const count = (done: ActionDone) => {
    const name = done.change ? `${done.action} (${done.change})` : done.action;
    const entry = (counts[name] ??= { ok: 0, refused: 0 });
    if (done.ok) entry.ok += 1;
    else {
      entry.refused += 1;
      const key = `${name}: ${done.refusal?.split(':')[0] ?? '?'}`;
      refusals[key] = (refusals[key] ?? 0) + 1;
    }
  };
  const found = (d: Disagreement) => {
    if (disagreements.length === 0) log(`FIRST DISAGREEMENT (seed ${options.seed}): ${describeDisagreement(d)}`);
    if (disagreements.length < 200) disagreements.push(d);
  };

  if (options.members) {
    const made = await generateMembers(em(), { members: options.members, today: from });
    log(`generated ${made.members} members (${made.rows} rows) in ${Math.round(made.ms)} ms`);
  }
  const branchIds = (await em().execute<{ id: number }[]>('select id from branch where is_active order by id')).map(
    (row) => Number(row.id),
  );
  for (let i = 0; i < options.days; i += 1) {
    const date = addDays(from, i);
    const timer = phaseTimer();
    const steps = stepTimer();
    const day = await simulateDay(services.jobs, services.bankDay, em(), clock, date, steps.step);
    steps.end();
    for (const id of offPlan(day)) watch.intervened(id);
    for (const id of await agreementsOffPlanToday(em(), date)) watch.intervened(id);

    timer.lap(`bank [${steps.summary()}]`);
    // The members' and staff's day, after the bank's 3pm window.
    clock.setAt(date, 16);
    const morning = await loadAccounts(em(), services);
    accountCount = morning.length;
    for (const account of morning) {
      // A resigned membership moves no money (every payment is refused): its members do not try.
      if (account.status !== 7 || account.resigned) continue;
      await payTheDaysBills(account, date);
    }
    for (const account of morning) {
      if (account.status === 8 && random.chance(0.2)) record(await actions.lifecycle('unlock', account));
      else if (account.status === 7 && random.chance(rate)) await randomAction(account, date);
    }
    await services.jobs.drain(APPLY_CHANGE_JOB, { includeDelayed: true });
    timer.lap('actions');

    // The evening: every check.
    const evening = await loadAccounts(em(), services);
    timer.lap('projections');
    const ledger = await checkLedger(em());
    timer.lap('ledger');
    for (const failed of ledger.checks.filter((c) => c.violations > 0)) {
      found({
        date,
        agreementId: null,
        check: 'ledger',
        detail: `${failed.name}: ${failed.violations} (e.g. ${failed.samples.join(', ')})`,
      });
    }
    for (const account of evening) {
      const next = account.projection.nextDeposit;
      if (next && next.date < date) {
        found({ date, agreementId: account.agreementId, check: 'next deposit', detail: `${next.date} is in the past` });
      }
    }
    const awaiting = await agreementsAwaitingDeposits(em(), date);
    const evenings = evening.map((account) => eveningOf(account, date, awaiting.has(account.agreementId)));
    for (const m of watch.evening(date, evenings)) {
      const first = disagreements.length === 0;
      found({
        date,
        agreementId: m.agreementId,
        check: 'forecast',
        detail: `the forecast made on ${m.madeOn} said ${(m.expected / 100).toFixed(2)}, the balance is ${(m.actual / 100).toFixed(2)}`,
      });
      if (first) {
        // Tonight's own forecast disagreeing with tonight's balance: what moved today, and the forecast's first days.
        const after = m.madeOn === date ? addDays(date, -1) : m.madeOn;
        for (const line of await moneyMovedOn(em(), m.agreementId, after, date)) log(line);
        const points = evening.find((a) => a.agreementId === m.agreementId)?.projection.forecast?.points ?? [];
        log(`  tonight's forecast: ${JSON.stringify(points.slice(0, 6))}`);
      }
    }
    forecastsHeld += watch.watched();
    timer.lap('forecasts');
    const sample = sampleOf(evening, options.overviewsPerDay, i);
    overviewsRead += sample.length;
    for (const d of await compareOverviews(api, staff, member, sample)) found(viewDisagreement(date, 'overview', d));
    timer.lap('overviews');
    for (const d of await compareMissedDepositReport(api, staff, evening, branchIds))
      found(viewDisagreement(date, 'missed-deposit report', d));
    for (const d of await compareReportingApi(api, reporter, evening))
      found(viewDisagreement(date, 'reporting API', d));
    for (const d of await compareAtRisk(api, staff, evening, date)) found(viewDisagreement(date, 'at-risk', d));
    for (const d of await compareWorklist(api, staff, evening, date))
      found(viewDisagreement(date, 'staff worklist', d));

    timer.lap('reports');
    log(`${dayLine(date, day, evening.length, watch.watched(), disagreements.length)} (${timer.summary()})`);
    if (options.stopAtFirst && disagreements.length > 0) {
      return result(i + 1);
    }
  }
  return result(options.days);

  function result(days: number): CheckedRunResult {
    return {
      seed: options.seed,
      from,
      days,
      accounts: accountCount,
      actions: counts,
      refusals,
      forecastsHeld,
      overviewsRead,
      disagreements,
      ms: Math.round(performance.now() - started),
    };
  }

  function record(done: ActionDone): ActionDone {
    count(done);
    if (done.differed && done.ok) watch.billDiffered(done.agreementId, done.differed.expected, done.differed.paid);
    else if (done.action !== 'pay on time' || !done.ok) watch.intervened(done.agreementId);
    return done;
  }

  /** Bills the member pays by hand fall due today: paid as planned, or at another amount, or left to pay late. */
  async function payTheDaysBills(account: SimAccount, date: LocalDate): Promise<void> {
    for (const bill of account.projection.billsDue) {
      if (bill.isAutoPayment || bill.onHold) continue;
      const late = lateBills.get(bill.billId);
      if (late !== undefined) {
        if (late > date) {
          if (bill.dueDate === date) watch.intervened(account.agreementId);
          continue;
        }
        lateBills.delete(bill.billId);
        record(await actions.pay('pay late', account, bill, bill.amount));
        continue;
      }
      if (bill.dueDate < date) {
        // Overdue from before (the seeded history, a refusal): the member catches up now and then.
        if (random.chance(0.3)) record(await actions.pay('pay late', account, bill, bill.amount));
        continue;
      }
      if (bill.dueDate !== date) continue;
      if (!bill.isReimbursement && random.chance(0.25)) {
        const paid = otherAmount(random, bill.amount);
        const done = await actions.pay('pay another amount', account, bill, paid);
        record({ ...done, differed: { expected: bill.amount, paid } });
      } else {
        record(await actions.pay('pay on time', account, bill, bill.amount));
      }
    }
  }

  async function randomAction(account: SimAccount, date: LocalDate): Promise<void> {
    const action = pickAction(random);
    const payable = account.projection.billsDue.filter(
      (b) => !b.isAutoPayment && !b.onHold && !b.isReimbursement && b.dueDate > date && !lateBills.has(b.billId),
    );
    const early = (): DueBill | undefined => (payable.length ? random.pick(payable) : undefined);
    switch (action) {
      case 'pay early': {
        const bill = early();
        if (bill) record(await actions.pay('pay early', account, bill, bill.amount));
        return;
      }
      case 'pay late': {
        const bill = early();
        if (bill) lateBills.set(bill.billId, addDays(bill.dueDate, random.int(1, 10)));
        return;
      }
      case 'top up':
        if (account.savings.length) record(await actions.topUp(account, cents(random.int(10, 200) * 100)));
        return;
      case 'reimburse': {
        const bills = account.projection.billsDue.filter((b) => b.isReimbursement && !b.onHold);
        if (bills.length) {
          const bill = random.pick(bills);
          record(await actions.pay('reimburse', account, bill, bill.amount));
        }
        return;
      }
      case 'reverse': {
        const bill = early();
        if (!bill) return;
        const paid = record(await actions.pay('pay early', account, bill, bill.amount));
        const transactionId = (paid as ActionDone & { transactionId?: number | null }).transactionId;
        if (paid.ok && transactionId) record(await actions.reverse(account, transactionId));
        return;
      }
      case 'miss deposit': {
        const next = account.projection.nextDeposit;
        if (!next) return;
        await missDeposits(em(), account.memberId, next.date, 0, addDays(next.date, random.int(0, 20)));
        count({ action, agreementId: account.agreementId, ok: true });
        return;
      }
      case 'modify': {
        const done = await actions.modifyInWizard(account);
        if (done) record(done);
        return;
      }
      case 'renew': {
        const done = record(await actions.lifecycle('renew', account));
        if (!done.ok) return;
        const [version] = await em().execute<{ id: number }[]>(
          'select id from agreement where previous_id = ? and status = 9 order by id desc limit 1',
          [account.agreementId],
        );
        if (version) record(await actions.saveAndApprove('renew', account, Number(version.id)));
        return;
      }
      case 'cancel':
      case 'lock':
        record(await actions.lifecycle(action, account));
        return;
      default:
        return;
    }
  }
}

/** Agreements whose day went off the plan at the bank: a deposit missed or short, a payment refused or failed. */
function offPlan(day: SimulatedDay): Set<number> {
  const ids = new Set<number>();
  for (const d of day.day.deposits.missed) ids.add(d.agreementId);
  for (const id of day.day.deposits.intoArrears) ids.add(id);
  for (const id of day.day.deposits.arrearsCleared) ids.add(id);
  for (const b of day.day.bills.notPaid) ids.add(b.agreementId);
  for (const w of day.windows) for (const f of w.failed) ids.add(f.agreementId);
  return ids;
}

/**
 * The evening's facts for the forecast watch: clean when nothing is overdue, late, on hold or suspended, and no deposit
 * due by today still waits for the bank (`awaitingDeposit`: both fall on the forecast's first day, not in tonight's
 * balance).
 */
function eveningOf(account: SimAccount, date: LocalDate, awaitingDeposit: boolean): AgreementEvening {
  const { projection } = account;
  const forecast = projection.forecast;
  const clean =
    account.status === 7 &&
    !account.resigned &&
    projection.arrears === null &&
    !awaitingDeposit &&
    forecast !== null &&
    !projection.billsDue.some((b) => b.dueDate <= date || b.onHold);
  return {
    agreementId: account.agreementId,
    balance: projection.balances.total,
    clean,
    forecast: forecast && { from: forecast.from, until: forecast.until, points: forecast.points },
  };
}

/** The accounts whose overviews are read on day `i`: all, or a window that moves on each day (every one in turn). */
function sampleOf(accounts: readonly SimAccount[], size: number | undefined, i: number): SimAccount[] {
  if (size === undefined || size >= accounts.length) return [...accounts];
  const start = (i * size) % accounts.length;
  return Array.from({ length: size }, (_, k) => accounts[(start + k) % accounts.length]);
}

/** How long each step of the bank's day took (simulateDay's progress), for the day's line. */
function stepTimer() {
  let current: string | null = null;
  let last = performance.now();
  const laps: string[] = [];
  const end = () => {
    const now = performance.now();
    if (current !== null) laps.push(`${current} ${Math.round(now - last)}`);
    last = now;
  };
  return {
    step(name: string) {
      end();
      current = name;
    },
    end() {
      end();
      current = null;
    },
    summary: () => laps.join(' '),
  };
}

/** How long each part of a day took, for the day's line. */
function phaseTimer() {
  let last = performance.now();
  const laps: string[] = [];
  return {
    lap(name: string) {
      const now = performance.now();
      laps.push(`${name} ${Math.round(now - last)} ms`);
      last = now;
    },
    summary: () => laps.join(', '),
  };
}

function dayLine(date: LocalDate, day: SimulatedDay, accounts: number, watched: number, found: number): string {
  const d = day.day;
  return (
    `${date}  accounts ${accounts}, deposits in ${d.deposits.received.length}, missed ${d.deposits.missed.length}, ` +
    `bills paid ${d.bills.paid.length}, forecasts held ${watched}, disagreements ${found}`
  );
}
