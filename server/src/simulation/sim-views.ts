import type { LocalDate } from '../shared/local-date.js';
import { addDays } from '../shared/local-date.js';
import { type AgreementProjection, dailyBalances } from '../modules/agreement/index.js';
import type { SimApi, SimSession } from './sim-api.js';
import { billsLine, differences, money, type FigureDifference, type Figures } from './sim-figures.rules.js';
import type { SimAccount } from './sim-world.js';

/**
 * The same figures, as each person reads them: the member's GraphQL overview, the staff overview, the REST overview,
 * the missed-deposit report, the reporting API and the at-risk list, against the projection (the owner).
 */

export interface ViewDisagreement {
  agreementId: number;
  accountId: number;
  difference: FigureDifference;
}

/** The owner's figures; `member`: as a member sees them (no reimbursement bills among the bills due). */
export function ownerFigures(projection: AgreementProjection, member: boolean): Figures {
  const bills = member ? projection.billsDue.filter((b) => !b.isReimbursement) : projection.billsDue;
  return {
    balance: money(projection.balances.total, 'cents'),
    nextDeposit: projection.nextDeposit
      ? `${projection.nextDeposit.date} ${money(projection.nextDeposit.amount, 'cents')}`
      : '-',
    arrears: projection.arrears
      ? `${money(projection.arrears.amount, 'cents')} since ${projection.arrears.since} (${projection.arrears.missedDeposits})`
      : '-',
    billsDue: billsLine(bills, 'cents'),
    firstShortDate: projection.forecast?.firstShortDate ?? '-',
  };
}

interface ProjectionAnswer {
  agreementId: number;
  balances: { total: unknown };
  nextDeposit: { date: string; amount: unknown } | null;
  arrears: { amount: unknown; since: string; missedDeposits: number } | null;
  billsDue: { billId: number; amount: unknown; dueDate: string; overdue: boolean; isReimbursement: boolean }[];
  verdict: { firstShortDate: string | null };
}

interface OverviewAnswer {
  agreement: {
    contractId: number;
    nextDepositDate: string | null;
    nextDepositAmount: unknown;
    balances: { total: unknown };
  } | null;
  projection: ProjectionAnswer | null;
}

const OVERVIEW = `query($m: Int!, $a: Int!) { accountOverview(memberId: $m, accountId: $a) {
  agreement { contractId nextDepositDate nextDepositAmount balances { total } }
  projection { agreementId balances { total } nextDeposit { date amount } arrears { amount since missedDeposits }
    billsDue { billId amount dueDate overdue isReimbursement } verdict { firstShortDate } } } }`;

function figuresOf(projection: ProjectionAnswer | null): Figures | null {
  if (!projection) return null;
  return {
    balance: money(projection.balances.total, 'dollars'),
    nextDeposit: projection.nextDeposit
      ? `${projection.nextDeposit.date} ${money(projection.nextDeposit.amount, 'dollars')}`
      : '-',
    arrears: projection.arrears
      ? `${money(projection.arrears.amount, 'dollars')} since ${projection.arrears.since} (${projection.arrears.missedDeposits})`
      : '-',
    billsDue: billsLine(projection.billsDue, 'dollars'),
    firstShortDate: projection.verdict.firstShortDate ?? '-',
  };
}

/** The agreement summary beside the projection on the same overview: its balance and next deposit. */
function summaryFigures(overview: OverviewAnswer): Partial<Figures> {
  const summary = overview.agreement;
  if (!summary) return {};
  return {
    balance: money(summary.balances.total, 'dollars'),
    nextDeposit: summary.nextDepositDate
      ? `${summary.nextDepositDate} ${money(summary.nextDepositAmount, 'dollars')}`
      : '-',
  };
}

const GRAPHS = `query($m: Int!, $a: Int!) { agreementGraphs(memberId: $m, accountId: $a, step: 1) {
  forecast { points { date balance } } } }`;

/** The forecast page's daily series as one line, and the owner's (every day from the first to the end date). */
function seriesLine(points: readonly { date: string; balance: unknown }[], unit: 'cents' | 'dollars'): string {
  // An empty series reads as no forecast.
  return points.map((p) => `${p.date}=${money(p.balance, unit)}`).join(' ') || '-';
}

/** Where a series line first differs from the owner's (the whole line is too long to read). */
function firstDifference(owner: string, line: string): string {
  if (line.startsWith('refused')) return line;
  const a = owner.split(' ');
  const b = line.split(' ');
  const i = a.findIndex((point, k) => point !== b[k]);
  return i < 0
    ? a.length === b.length
      ? 'same'
      : `${b.length} days`
    : `${b[i] ?? 'nothing'} (day ${i + 1} of ${b.length})`;
}

function missing(account: SimAccount, view: string): ViewDisagreement {
  return {
    agreementId: account.agreementId,
    accountId: account.accountId,
    difference: {
      figure: 'balance',
      answers: [
        { view: 'projection', value: `agreement ${account.agreementId} (status ${account.status})` },
        { view, value: 'no projection' },
      ],
    },
  };
}

/** The member's, the staff's and the REST overview of each account, each against the owner's figures. */
export async function compareOverviews(
  api: SimApi,
  staff: SimSession,
  member: (account: SimAccount) => Promise<SimSession>,
  accounts: readonly SimAccount[],
): Promise<ViewDisagreement[]> {
  const found: ViewDisagreement[] = [];
  for (const account of accounts) {
    const who = await member(account);
    const variables = { m: account.memberId, a: account.accountId };
    const asMember = (await api.graphql<{ accountOverview: OverviewAnswer }>(who, OVERVIEW, variables)).accountOverview;
    const asStaff = (await api.graphql<{ accountOverview: OverviewAnswer }>(staff, OVERVIEW, variables))
      .accountOverview;
    const rest = await api.rest<OverviewAnswer>(
      who,
      `/api/memberaccount/${account.memberId}/account/${account.accountId}/overview`,
    );
    const graphs = await api.answer<{
      agreementGraphs: { forecast: { points: { date: string; balance: unknown }[] } };
    }>(who, GRAPHS, variables);
    const forecast = account.projection.forecast;
    // An ended agreement's account has no forecast page (not found), as it has no forecast.
    const page = graphs.data?.agreementGraphs.forecast.points ?? (forecast ? undefined : []);
    const series = [
      {
        view: 'projection',
        figures: { firstShortDate: forecast ? seriesLine(dailyBalances(forecast), 'cents') : '-' },
      },
      {
        view: 'forecast page',
        figures: {
          firstShortDate: page ? seriesLine(page, 'dollars') : `refused: ${graphs.errors?.[0]?.message ?? 'no answer'}`,
        },
      },
    ];
    for (const difference of differences(series)) {
      const answers = difference.answers.map((a) => ({
        ...a,
        value: firstDifference(series[0].figures.firstShortDate, a.value),
      }));
      found.push({
        agreementId: account.agreementId,
        accountId: account.accountId,
        difference: { figure: 'forecast series', answers },
      });
    }
    const views: [string, OverviewAnswer][] = [
      ['member GraphQL', asMember],
      ['staff GraphQL', asStaff],
      ['member REST', rest],
    ];
    for (const [view, overview] of views) {
      // An agreement that has ended (expired, cancelled, renewed) shows its closing statement, no projection.
      if (overview.projection === null && [5, 6, 10].includes(account.status)) continue;
      if (overview.projection?.agreementId !== account.agreementId) {
        found.push(missing(account, `${view} (agreement ${overview.projection?.agreementId ?? 'none'})`));
        continue;
      }
      const staffView = view.startsWith('staff');
      const owner = ownerFigures(account.projection, !staffView);
      const seen = [
        { view: 'projection', figures: owner },
        { view, figures: figuresOf(overview.projection)! },
        { view: `${view} summary`, figures: summaryFigures(overview) },
      ];
      for (const difference of differences(seen)) {
        found.push({ agreementId: account.agreementId, accountId: account.accountId, difference });
      }
    }
  }
  return found;
}

interface MissedRecord {
  agreementNumber: number;
  totalValueInArrears: unknown;
  nextDepositDate: string | null;
  missedDeposits: number;
}

const MISSED = `query($input: MissedDepositReportInput!) { missedDepositReport(input: $input) {
  groups { records { agreementNumber totalValueInArrears nextDepositDate missedDeposits } } } }`;

/**
 * The missed-deposit report (every branch, no dates): an agreement is listed exactly when it is in arrears, with the
 * projection's arrears and next deposit.
 */
export async function compareMissedDepositReport(
  api: SimApi,
  staff: SimSession,
  accounts: readonly SimAccount[],
  branchIds: readonly number[],
): Promise<ViewDisagreement[]> {
  const report = await api.graphql<{ missedDepositReport: { groups: { records: MissedRecord[] }[] } }>(staff, MISSED, {
    input: { branchIds },
  });
  const records = new Map<number, MissedRecord>();
  for (const group of report.missedDepositReport.groups) {
    for (const record of group.records) records.set(record.agreementNumber, record);
  }
  const found: ViewDisagreement[] = [];
  for (const account of accounts) {
    const { projection } = account;
    // The report lists running agreements (4, 7, 8) in arrears.
    if (![4, 7, 8].includes(account.status)) continue;
    const record = records.get(account.agreementId);
    const owner = ownerFigures(projection, false);
    const arrearsLine = (r: MissedRecord | undefined) =>
      r ? `${money(r.totalValueInArrears, 'dollars')} (${r.missedDeposits})` : '-';
    const ownerArrears = projection.arrears
      ? `${money(projection.arrears.amount, 'cents')} (${projection.arrears.missedDeposits})`
      : '-';
    const seen = [
      { view: 'projection', figures: { arrears: ownerArrears, nextDeposit: owner.nextDeposit.split(' ')[0] } },
      {
        view: 'missed-deposit report',
        figures: record
          ? { arrears: arrearsLine(record), nextDeposit: record.nextDepositDate ?? '-' }
          : { arrears: '-' },
      },
    ];
    for (const difference of differences(seen)) {
      found.push({ agreementId: account.agreementId, accountId: account.accountId, difference });
    }
  }
  return found;
}

interface ReportRow {
  id: number;
  balance: unknown;
  nextDepositDate: string | null;
  nextDepositAmount: unknown;
  arrearsAmount: unknown;
  arrearsSince: string | null;
  billsDueCount: number;
  billsDueAmount: unknown;
  forecastFirstShortDate: string | null;
}

const REPORT_AGREEMENTS = `query($after: String) { reportAgreements(first: 100, after: $after) {
  edges { node { id balance nextDepositDate nextDepositAmount arrearsAmount arrearsSince billsDueCount billsDueAmount
    forecastFirstShortDate } }
  pageInfo { hasNextPage endCursor } } }`;

/** The reporting API's agreement rows (a REPORTER's pull, page by page) against the projection. */
export async function compareReportingApi(
  api: SimApi,
  reporter: SimSession,
  accounts: readonly SimAccount[],
): Promise<ViewDisagreement[]> {
  const rows = new Map<number, ReportRow>();
  let after: string | null = null;
  for (;;) {
    const page: {
      reportAgreements: { edges: { node: ReportRow }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    } = await api.graphql(reporter, REPORT_AGREEMENTS, { after });
    for (const edge of page.reportAgreements.edges) rows.set(edge.node.id, edge.node);
    if (!page.reportAgreements.pageInfo.hasNextPage) break;
    after = page.reportAgreements.pageInfo.endCursor;
  }
  const found: ViewDisagreement[] = [];
  for (const account of accounts) {
    const { projection } = account;
    const row = rows.get(account.agreementId);
    const billsTotal = projection.billsDue.reduce((sum, b) => sum + b.amount, 0);
    const owner = ownerFigures(projection, false);
    const seen = [
      {
        view: 'projection',
        figures: {
          ...owner,
          arrears: projection.arrears
            ? `${money(projection.arrears.amount, 'cents')} since ${projection.arrears.since}`
            : `0.00 since -`,
          billsDue: `${projection.billsDue.length} bills, ${money(billsTotal, 'cents')}`,
        },
      },
      {
        view: 'reporting API',
        figures: row
          ? {
              balance: money(row.balance, 'dollars'),
              nextDeposit: row.nextDepositDate
                ? `${row.nextDepositDate} ${money(row.nextDepositAmount, 'dollars')}`
                : '-',
              arrears: `${money(row.arrearsAmount, 'dollars')} since ${row.arrearsSince ?? '-'}`,
              billsDue: `${row.billsDueCount} bills, ${money(row.billsDueAmount, 'dollars')}`,
              firstShortDate: row.forecastFirstShortDate ?? '-',
            }
          : { balance: 'no row' },
      },
    ];
    for (const difference of differences(seen)) {
      found.push({ agreementId: account.agreementId, accountId: account.accountId, difference });
    }
  }
  return found;
}

const AT_RISK_WEEKS = 26;
const AT_RISK = `query { atRiskAgreements(weeks: ${AT_RISK_WEEKS}) { items { agreementId firstShortDate } } }`;

/**
 * The at-risk list (26 weeks): an active agreement is listed exactly when its forecast goes short within the horizon,
 * on the projection's first short day.
 */
export async function compareAtRisk(
  api: SimApi,
  staff: SimSession,
  accounts: readonly SimAccount[],
  today: LocalDate,
): Promise<ViewDisagreement[]> {
  const list = await api.graphql<{ atRiskAgreements: { items: { agreementId: number; firstShortDate: string }[] } }>(
    staff,
    AT_RISK,
  );
  const listed = new Map(list.atRiskAgreements.items.map((item) => [item.agreementId, item.firstShortDate]));
  const horizon = addDays(today, AT_RISK_WEEKS * 7 - 1);
  const found: ViewDisagreement[] = [];
  for (const account of accounts) {
    if (account.status !== 7 || account.endDate < today) continue;
    const short = account.projection.forecast?.firstShortDate ?? null;
    const expected = short !== null && short <= horizon ? short : '-';
    const seen = [
      { view: 'projection', figures: { firstShortDate: expected } },
      { view: 'at-risk list', figures: { firstShortDate: listed.get(account.agreementId) ?? '-' } },
    ];
    for (const difference of differences(seen)) {
      found.push({ agreementId: account.agreementId, accountId: account.accountId, difference });
    }
  }
  return found;
}

interface WorkItemAnswer {
  agreementId: number | null;
  kind: string;
  key: string;
  date: string;
  title: string;
}

const WORKLIST = `query { staffWorklist { items { agreementId kind key date title } } }`;
const GOING_SHORT_WEEKS = 8;

/**
 * The staff worklist: a running agreement (4, 7, 8, not ended) has an "In arrears" row exactly when it is in arrears
 * (since the projection's date, that many deposits, that amount), and else, when not locked, a "Going short" row
 * exactly when its forecast goes short within 8 weeks, on the projection's first short day.
 */
export async function compareWorklist(
  api: SimApi,
  staff: SimSession,
  accounts: readonly SimAccount[],
  today: LocalDate,
): Promise<ViewDisagreement[]> {
  const items = (await api.graphql<{ staffWorklist: { items: WorkItemAnswer[] } }>(staff, WORKLIST)).staffWorklist
    .items;
  const rows = new Map<string, WorkItemAnswer>();
  for (const item of items) {
    if (item.agreementId !== null) rows.set(`${item.kind}:${item.agreementId}`, item);
  }
  const horizon = addDays(today, GOING_SHORT_WEEKS * 7 - 1);
  const found: ViewDisagreement[] = [];
  for (const account of accounts) {
    if (![4, 7, 8].includes(account.status) || account.endDate < today) continue;
    const { arrears, forecast } = account.projection;
    const inArrears = arrears !== null && arrears.amount > 0;
    const arrearsRow = rows.get(`InArrears:${account.agreementId}`);
    const short = forecast?.firstShortDate ?? null;
    const goingShort = !inArrears && account.status !== 8 && short !== null && short <= horizon;
    const shortRow = rows.get(`GoingShort:${account.agreementId}`);
    const seen = [
      {
        view: 'projection',
        figures: {
          arrears: inArrears ? `${arrears.since} (${arrears.missedDeposits}) ${money(arrears.amount, 'cents')}` : '-',
          firstShortDate: goingShort ? short : '-',
        },
      },
      {
        view: 'staff worklist',
        figures: {
          arrears: arrearsRow
            ? `${arrearsRow.key.split(':')[2]} (${arrearsRow.key.split(':')[3]}) ${money(/\$([\d,]+\.\d\d)/.exec(arrearsRow.title)?.[1], 'dollars')}`
            : '-',
          firstShortDate: shortRow?.date ?? '-',
        },
      },
    ];
    for (const difference of differences(seen)) {
      found.push({ agreementId: account.agreementId, accountId: account.accountId, difference });
    }
  }
  return found;
}
