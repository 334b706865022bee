/** The weeks staff may look ahead (the server accepts 1 to 26). */
export const WEEK_CHOICES = [1, 2, 4, 8, 13, 26] as const;
export const DEFAULT_WEEKS = 8;

export function riskLabel(level: string): string {
  return level === 'BeyondApprovedOverdraw' ? 'Beyond approved overdraw' : 'Below zero';
}

export interface AtRiskRow {
  agreementId: number;
  memberNumber: string;
  memberName: string;
  accountNumber: string;
  branchName?: string | null;
  level: string;
  firstShortDate: string;
  depth: string;
  topUpToAvoid: string;
  depositToAvoid?: string | null;
  depositAmount: string;
}

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180), formulas neutralised. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The worklist as CSV, the same rows and order as the screen; money in dollars with two decimals. */
export function atRiskCsv(rows: readonly AtRiskRow[]): string {
  const header = [
    'Member number',
    'Member',
    'Account',
    'Branch',
    'Agreement',
    'Risk',
    'First short day',
    'Lowest point',
    'Top-up to avoid',
    'Deposit now',
    'Deposit to avoid',
  ];
  const lines = rows.map((row) => [
    row.memberNumber,
    row.memberName,
    row.accountNumber,
    row.branchName ?? '',
    String(row.agreementId),
    riskLabel(row.level),
    row.firstShortDate,
    `-${row.depth}`,
    row.topUpToAvoid,
    row.depositAmount,
    row.depositToAvoid ?? '',
  ]);
  return [header, ...lines].map((cells) => cells.map(csvField).join(',')).join('\r\n') + '\r\n';
}
