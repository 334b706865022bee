import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import { formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { formatCurrency } from '../../shared/money.js';
import { intArray } from '../../database/bulk.js';
import { DepositStatus, type ProjectionService, RUNNING_STATUSES } from '../agreement/index.js';
import { accountHolders, agreementOwner, holderLinksOf, holderLinksSql } from '../branch/index.js';
import { tableReportCsv, tableReportPdf, type ExportedFileView, type TableReport } from '../export/index.js';
import type { SettingsService } from '../settings/index.js';
import {
  checkMissedDepositRequest,
  groupMissedDeposits,
  MISSED_DEPOSIT_COLUMNS,
  MISSED_DEPOSIT_MESSAGES,
  missedDepositRows,
  type MissedDepositFacts,
  type MissedDepositGroup,
} from './missed-deposits.rules.js';

export const MISSED_DEPOSITS_CSV = 'Missed_Deposits_Report.csv';
export const MISSED_DEPOSITS_PDF = 'Missed_Deposits_Report.pdf';

export interface ReportBranchView {
  id: number;
  name: string;
}

export interface MissedDepositReportView {
  startDate: LocalDate | null;
  endDate: LocalDate | null;
  asOf: LocalDate;
  branches: ReportBranchView[];
  groups: MissedDepositGroup[];
  totalValueInArrears: ReturnType<typeof groupMissedDeposits>['totalValueInArrears'];
  agreementCount: number;
}

interface FactRow {
  agreement_id: number;
  account_id: number;
  preference_branch_id: number | null;
  holder_links: unknown;
  account_number: string;
  product_name: string;
  contribution_frequency: number;
  end_date: string;
}

/**
 * The missed-deposit report (spec 3 §2, §4, §7; issue 11 item 6), staff only. The arrears are what the bank day
 * recorded: deposits it marked missed (status 2, with activity 14, putting the agreement in 4) or partly received,
 * still short, due within the dates, on agreements still running (4, 7, 8), as the agreement's projection counts them
 * (`agreement/projection/`: the arrears and next deposit every screen shows). The agreement's member and branch are
 * the reports' one rule (agreementOwner: the preferences' branch, else the account's member's). Two statements for the
 * whole book: the agreements in arrears, then their deposits.
 */
export class MissedDepositReportService {
  constructor(
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly projections: ProjectionService,
  ) {}

  /** The active branches, by name (the form's checkboxes; GET /api/branch/getallbranches). */
  async branches(em: EntityManager): Promise<ReportBranchView[]> {
    const rows = await em.execute<{ id: number; name: string }[]>(
      'select id, name from branch where is_active order by name, id',
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name }));
  }

  async report(
    em: EntityManager,
    input: { branches: unknown; startDate?: unknown; endDate?: unknown },
  ): Promise<MissedDepositReportView> {
    const request = checkMissedDepositRequest(input);
    const branches = await this.chosenBranches(em, request.branchIds, request.branchNames);
    // The agreements with a deposit still short due within the dates, running (4, 7, 8): their arrears and next
    // deposit are the agreement's projection's (the one rule every screen reads), with the report's dates.
    const rows = await em.execute<FactRow[]>(
      `select g.id as agreement_id, g.account_id, g.contribution_frequency, g.end_date::text as end_date,
              a.account_number, a.product_name, cp.branch_id as preference_branch_id,
              ${holderLinksSql('g.account_id')} as holder_links
       from agreement g
       join account a on a.id = g.account_id
       left join contract_preferences cp on cp.agreement_id = g.id
       where g.status in (${RUNNING_STATUSES.join(', ')})
         and exists (
           select 1 from scheduled_deposit d
           where d.agreement_id = g.id and d.status in (${DepositStatus.Missed}, ${DepositStatus.PartlyReceived})
             and d.expected_amount > d.received_amount
             and (?::date is null or d.due_date >= ?::date) and (?::date is null or d.due_date <= ?::date))`,
      [request.startDate, request.startDate, request.endDate, request.endDate],
    );
    const chosen = new Map(branches.map((b) => [b.id, b.name]));
    const owned = rows.flatMap((row) => {
      const links = holderLinksOf(row.holder_links);
      const owner = agreementOwner(links, row.preference_branch_id === null ? null : Number(row.preference_branch_id));
      const branchName = owner.branchId === null ? undefined : chosen.get(owner.branchId);
      if (owner.memberId === null || owner.branchId === null || branchName === undefined) return [];
      return [{ row, links, branchId: owner.branchId, memberId: owner.memberId, branchName }];
    });
    const projected = await this.projections.depositsOf(
      em,
      owned.map(({ row }) => Number(row.agreement_id)),
      { from: request.startDate, to: request.endDate },
    );
    const facts: MissedDepositFacts[] = [];
    for (const { row, links, branchId, memberId, branchName } of owned) {
      const { arrears, nextDeposit } = projected.get(Number(row.agreement_id))!;
      if (!arrears) continue;
      facts.push({
        branchId,
        branchName,
        agreementId: Number(row.agreement_id),
        accountId: Number(row.account_id),
        memberId,
        accountNumber: row.account_number,
        productName: row.product_name,
        memberNames: accountHolders(links).map((holder) => holder.name),
        arrears: arrears.amount,
        missedDeposits: arrears.missedDeposits,
        contributionFrequency: Number(row.contribution_frequency),
        nextDepositDate: nextDeposit?.date ?? null,
        renewalDate: row.end_date as LocalDate,
      });
    }
    const totals = groupMissedDeposits(facts);
    return {
      startDate: request.startDate,
      endDate: request.endDate,
      asOf: this.clock.today(),
      branches,
      ...totals,
    };
  }

  /** Missed_Deposits_Report.csv: the report's rows, each branch's total and the total, as the screen shows them. */
  async csv(em: EntityManager, input: { branches: unknown; startDate?: unknown; endDate?: unknown }) {
    return tableReportCsv(MISSED_DEPOSITS_CSV, missedDepositTable(await this.report(em, input)));
  }

  /** Missed_Deposits_Report.pdf: landscape, 'Printed on' header, the same rows and totals, drawn off the request thread. */
  async pdf(
    em: EntityManager,
    input: { branches: unknown; startDate?: unknown; endDate?: unknown },
  ): Promise<ExportedFileView> {
    const report = await this.report(em, input);
    const table = missedDepositTable(report);
    const { productName } = await this.settings.clientSettings(em);
    return tableReportPdf(
      MISSED_DEPOSITS_PDF,
      { ...table, rows: report.agreementCount > 0 ? table.rows : [] },
      { today: this.clock.today(), productName },
    );
  }

  private async chosenBranches(em: EntityManager, ids: number[], names: string[]): Promise<ReportBranchView[]> {
    const rows = await em.execute<{ id: number; name: string }[]>(
      `select id, name from branch
       where is_active and (id = any(?::int[])
         or lower(name) in (select lower(n) from jsonb_array_elements_text(?::jsonb) n))
       order by name, id`,
      [intArray(ids), JSON.stringify(names)],
    );
    const found = rows.map((row) => ({ id: Number(row.id), name: row.name }));
    const missing =
      ids.some((id) => !found.some((b) => b.id === id)) ||
      names.some((name) => !found.some((b) => b.name.toLowerCase() === name.toLowerCase()));
    if (missing) throw new DomainError('UNKNOWN_BRANCH', MISSED_DEPOSIT_MESSAGES.unknownBranch, 'branches');
    return found;
  }
}

/** The report as the exports' table: its scope, count and total, then every row (missedDepositRows). */
function missedDepositTable(report: MissedDepositReportView): TableReport {
  const count = report.agreementCount;
  return {
    title: 'Missed deposits report',
    lines: [
      { text: reportScope(report) },
      {
        bold: true,
        text: `${count} agreement${count === 1 ? '' : 's'} in arrears, total ${formatCurrency(report.totalValueInArrears)}`,
      },
    ],
    columns: MISSED_DEPOSIT_COLUMNS.map((header, i) => ({
      header,
      width: [12, 18, 20, 8, 10, 9, 9, 10][i],
      align: i === MISSED_DEPOSIT_COLUMNS.length - 1 ? 'right' : 'left',
    })),
    rows: missedDepositRows(report).map((row) => ({ cells: row.cells, emphasis: row.kind !== 'record' })),
  };
}

/** 'Branches: A, B · missed deposits due 01-11-2026 to 24-11-2026' (the PDF's second line). */
export function reportScope(report: Pick<MissedDepositReportView, 'branches' | 'startDate' | 'endDate'>): string {
  const from = report.startDate ? formatDisplayDate(report.startDate) : null;
  const to = report.endDate ? formatDisplayDate(report.endDate) : null;
  const dates =
    from && to ? `due ${from} to ${to}` : from ? `due from ${from}` : to ? `due up to ${to}` : 'due on any day';
  return `Branches: ${report.branches.map((b) => b.name).join(', ')} · missed deposits ${dates}`;
}
