import { formatDisplayDate } from '../../shared/local-date.js';
import { formatCurrency, sum } from '../../shared/money.js';
import type { TableReport } from '../export/index.js';
import { RiskLevel, riskKeys, sortAtRisk, type AtRiskSort } from '../../shared/risk/at-risk.rules.js';
import type { AtRiskAgreement, AtRiskList } from './at-risk.service.js';

export const AT_RISK_CSV = 'Agreements_At_Risk.csv';
export const AT_RISK_PDF = 'Agreements_At_Risk.pdf';

export const RISK_LABELS: Readonly<Record<RiskLevel, string>> = {
  [RiskLevel.BeyondApprovedOverdraw]: 'Beyond approved overdraw',
  [RiskLevel.BelowZero]: 'Below zero',
};

/** The exports' columns (the screen's, the member's cell split into its parts); PDF widths as shares of the page. */
const COLUMNS = [
  { header: 'Member number', width: 8 },
  { header: 'Member', width: 13 },
  { header: 'Account', width: 9 },
  { header: 'Branch', width: 10 },
  { header: 'Agreement', width: 7 },
  { header: 'Risk', width: 11 },
  { header: 'First short day', width: 9 },
  { header: 'Short by', width: 8, align: 'right' },
  { header: 'Lowest point to end date', width: 9, align: 'right' },
  { header: 'On', width: 8 },
  { header: 'Top-up today to avoid', width: 9, align: 'right' },
  { header: 'Deposit now', width: 8, align: 'right' },
  { header: 'Deposit to avoid', width: 10, align: 'right' },
] as const;

function cells(item: AtRiskAgreement): string[] {
  return [
    item.memberNumber,
    item.memberName,
    item.accountNumber,
    item.branchName ?? '',
    String(item.agreementId),
    RISK_LABELS[item.level],
    formatDisplayDate(item.firstShortDate),
    formatCurrency(item.firstShortfall),
    formatCurrency(item.lowestPoint.balance),
    formatDisplayDate(item.lowestPoint.date),
    formatCurrency(item.topUpToAvoid),
    formatCurrency(item.depositAmount),
    item.depositToAvoid === null ? 'A top-up only' : formatCurrency(item.depositToAvoid),
  ];
}

/**
 * Rule "at-risk exports": the worklist as the screen shows it (its rows in the screen's sort, money and dates as
 * the screen writes them), with its horizon, count and the top-ups' total; the CSV and the PDF are both written
 * from this table.
 */
export function atRiskTable(list: AtRiskList, sort: AtRiskSort): TableReport {
  const items = sortAtRisk(list.items, sort, riskKeys);
  const weeks = list.weeks === 1 ? '1 week' : `${list.weeks} weeks`;
  const topUps = sum(items.map((item) => item.topUpToAvoid));
  return {
    title: 'Agreements at risk',
    lines: [
      { text: `Active agreements whose forecast goes below zero within ${weeks} of ${formatDisplayDate(list.asOf)}` },
      {
        text:
          'The figures are the member’s forecast, as their overview shows it: the lowest point, the top-up today ' +
          'and the deposit that avoid it are to the agreement’s end date.',
      },
      {
        bold: true,
        text:
          `${items.length} of ${list.checked} active agreements at risk; ` +
          `top-ups to avoid it ${formatCurrency(topUps)} in all`,
      },
    ],
    columns: COLUMNS.map((column) => ({ ...column })),
    rows: items.map((item) => ({ cells: cells(item) })),
  };
}
