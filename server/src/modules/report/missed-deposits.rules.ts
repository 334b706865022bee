import { DomainError } from '../../shared/errors.js';
import { compareDates, formatDisplayDate, isLocalDate, type LocalDate } from '../../shared/local-date.js';
import { formatCurrency, sum, type Cents } from '../../shared/money.js';
import { contributionFrequencyLabel } from '../deposit/index.js';

/** The report's own words (spec 1 §8, spec 3 §5). */
export const MISSED_DEPOSIT_MESSAGES = {
  selectBranch: 'Please select a branch',
  unknownBranch: 'Please choose branches from the list.',
  badDate: (field: string) => `${field} must be a date (YYYY-MM-DD).`,
  badRange: 'The start date must be on or before the end date.',
} as const;

/** At most this many branches in one request (far more than any institution has). */
export const MAX_BRANCHES = 500;

export interface MissedDepositRequest {
  /** Branches chosen by id (GraphQL, the new client). */
  branchIds: number[];
  /** Branches chosen by name (the legacy `submitbranchnames` sends the names it was given). */
  branchNames: string[];
  /** Missed deposits due on or after this day; null: from the first. */
  startDate: LocalDate | null;
  /** Missed deposits due on or before this day; null: any. */
  endDate: LocalDate | null;
}

function dateOf(value: unknown, field: string): LocalDate | null {
  if (value === undefined || value === null || value === '') return null;
  // Old clients send a date with a time ('2026-11-24T00:00:00'): the day is what counts.
  const text = typeof value === 'string' ? value.slice(0, 10) : value;
  if (!isLocalDate(text)) throw new DomainError('INVALID_DATE', MISSED_DEPOSIT_MESSAGES.badDate(field), field);
  return text;
}

function branchOf(value: unknown): number | string | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string') {
    const text = value.trim();
    if (/^\d{1,9}$/.test(text)) return Number(text) > 0 ? Number(text) : null;
    return text.length > 0 && text.length <= 120 ? text : null;
  }
  if (value && typeof value === 'object') {
    const entry = value as Record<string, unknown>;
    const key = Object.keys(entry).find((k) => ['id', 'branchid'].includes(k.toLowerCase()));
    if (key !== undefined) return branchOf(entry[key]);
    const name = Object.keys(entry).find((k) => ['name', 'branchname'].includes(k.toLowerCase()));
    return name === undefined ? null : branchOf(String(entry[name] ?? ''));
  }
  return null;
}

/**
 * Rule "missed-deposit report request" (spec 3 §4, §5): at least one branch ('Please select a branch'), each an id
 * or a name (or an object with one); the dates optional, each a date, the start not after the end.
 */
export function checkMissedDepositRequest(input: {
  branches: unknown;
  startDate?: unknown;
  endDate?: unknown;
}): MissedDepositRequest {
  const raw = input.branches;
  if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) {
    throw new DomainError('SELECT_BRANCH', MISSED_DEPOSIT_MESSAGES.selectBranch, 'branches');
  }
  if (!Array.isArray(raw) || raw.length > MAX_BRANCHES) {
    throw new DomainError('UNKNOWN_BRANCH', MISSED_DEPOSIT_MESSAGES.unknownBranch, 'branches');
  }
  const chosen = raw.map(branchOf);
  if (chosen.some((branch) => branch === null)) {
    throw new DomainError('UNKNOWN_BRANCH', MISSED_DEPOSIT_MESSAGES.unknownBranch, 'branches');
  }
  const startDate = dateOf(input.startDate, 'startDate');
  const endDate = dateOf(input.endDate, 'endDate');
  if (startDate && endDate && compareDates(startDate, endDate) > 0) {
    throw new DomainError('INVALID_RANGE', MISSED_DEPOSIT_MESSAGES.badRange, 'startDate');
  }
  const ids = chosen.filter((branch): branch is number => typeof branch === 'number');
  const names = chosen.filter((branch): branch is string => typeof branch === 'string');
  return {
    branchIds: [...new Set(ids)].sort((a, b) => a - b),
    branchNames: [...new Set(names)].sort(),
    startDate,
    endDate,
  };
}

/** One agreement in arrears, as the database gives it. */
export interface MissedDepositFacts {
  branchId: number;
  branchName: string;
  agreementId: number;
  accountId: number;
  memberId: number;
  accountNumber: string;
  productName: string;
  memberNames: string[];
  /** What the missed (and partly received) deposits in the dates still lack. */
  arrears: Cents;
  missedDeposits: number;
  contributionFrequency: number;
  nextDepositDate: LocalDate | null;
  /** The agreement's end date: when it is due for renewal. */
  renewalDate: LocalDate;
}

export interface MissedDepositRecord {
  branchName: string;
  totalValueInArrears: Cents;
  formattedAccount: string;
  members: string;
  agreementNumber: number;
  depositFrequency: string;
  nextDepositDate: LocalDate | null;
  renewalDate: LocalDate;
  accountId: number;
  memberId: number;
  missedDeposits: number;
}

export interface MissedDepositGroup {
  branchId: number;
  branchName: string;
  totalValueInArrears: Cents;
  records: MissedDepositRecord[];
}

export interface MissedDepositTotals {
  groups: MissedDepositGroup[];
  totalValueInArrears: Cents;
  agreementCount: number;
}

/** The account as the report shows it: 'Bill Smoothing Account · 20001234'. */
export function formattedAccount(productName: string, accountNumber: string): string {
  return productName ? `${productName} · ${accountNumber}` : accountNumber;
}

/**
 * Rule "missed-deposit groups": the agreements in arrears grouped by branch (branches by name, agreements by
 * agreement number), each group's total the sum of its agreements' arrears, the report's total the sum of the
 * groups'. The screen, the CSV and the PDF all show these totals.
 */
export function groupMissedDeposits(facts: readonly MissedDepositFacts[]): MissedDepositTotals {
  const byBranch = new Map<number, MissedDepositGroup>();
  const ordered = [...facts].sort(
    (a, b) => a.branchName.localeCompare(b.branchName) || a.branchId - b.branchId || a.agreementId - b.agreementId,
  );
  for (const fact of ordered) {
    let group = byBranch.get(fact.branchId);
    if (!group) {
      group = { branchId: fact.branchId, branchName: fact.branchName, totalValueInArrears: 0 as Cents, records: [] };
      byBranch.set(fact.branchId, group);
    }
    group.records.push({
      branchName: fact.branchName,
      totalValueInArrears: fact.arrears,
      formattedAccount: formattedAccount(fact.productName, fact.accountNumber),
      members: fact.memberNames.join(', '),
      agreementNumber: fact.agreementId,
      depositFrequency: contributionFrequencyLabel(fact.contributionFrequency),
      nextDepositDate: fact.nextDepositDate,
      renewalDate: fact.renewalDate,
      accountId: fact.accountId,
      memberId: fact.memberId,
      missedDeposits: fact.missedDeposits,
    });
  }
  const groups = [...byBranch.values()];
  for (const group of groups) group.totalValueInArrears = sum(group.records.map((r) => r.totalValueInArrears));
  return {
    groups,
    totalValueInArrears: sum(groups.map((g) => g.totalValueInArrears)),
    agreementCount: facts.length,
  };
}

/** The exports' columns, in the screen's order. */
export const MISSED_DEPOSIT_COLUMNS = [
  'Branch',
  'Account',
  'Members',
  'Agreement',
  'Deposit frequency',
  'Next deposit',
  'Renewal date',
  'Total in arrears',
] as const;

export type ReportRowKind = 'record' | 'branchTotal' | 'total';

export interface ReportRow {
  kind: ReportRowKind;
  cells: string[];
}

/** 'DD-MM-YYYY', or '' for none (the exports show dates as the screen does). */
function shown(date: LocalDate | null): string {
  return date ? formatDisplayDate(date) : '';
}

/**
 * Rule "missed-deposit export rows": every record, then its branch's total line, then the report's total line; the
 * figures formatted as on the screen ($1,234.56). The CSV and the PDF are both written from these rows, so their
 * figures and totals are the screen's.
 */
export function missedDepositRows(report: MissedDepositTotals): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const group of report.groups) {
    for (const r of group.records) {
      rows.push({
        kind: 'record',
        cells: [
          r.branchName,
          r.formattedAccount,
          r.members,
          String(r.agreementNumber),
          r.depositFrequency,
          shown(r.nextDepositDate),
          shown(r.renewalDate),
          formatCurrency(r.totalValueInArrears),
        ],
      });
    }
    const count = group.records.length;
    rows.push({
      kind: 'branchTotal',
      cells: [
        group.branchName,
        'Branch total',
        `${count} agreement${count === 1 ? '' : 's'}`,
        '',
        '',
        '',
        '',
        formatCurrency(group.totalValueInArrears),
      ],
    });
  }
  const count = report.agreementCount;
  rows.push({
    kind: 'total',
    cells: [
      'All branches',
      'Total',
      `${count} agreement${count === 1 ? '' : 's'}`,
      '',
      '',
      '',
      '',
      formatCurrency(report.totalValueInArrears),
    ],
  });
  return rows;
}
