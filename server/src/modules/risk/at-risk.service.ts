import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { Cents } from '../../shared/money.js';
import {
  AGREEMENT_COLUMNS,
  agreementFactsOf,
  type AgreementRow,
  AgreementStatus,
  type ProjectionService,
} from '../agreement/index.js';
import { agreementOwner, holderLinksOf, holderLinksSql, type HolderLinkRow } from '../branch/index.js';
import type { SettingsService } from '../settings/index.js';
import { tableReportCsv, tableReportPdf, type ExportedFileView } from '../export/index.js';
import { AT_RISK_CSV, AT_RISK_PDF, atRiskTable } from './at-risk-export.rules.js';
import { assessRisk, checkAtRiskSort, compareRisk, type RiskAssessment } from '../../shared/risk/at-risk.rules.js';

/** The horizon staff may choose, in weeks. */
export const AT_RISK_WEEKS = { min: 1, max: 26 } as const;

export interface AtRiskAgreement extends RiskAssessment {
  agreementId: number;
  accountId: number;
  accountNumber: string;
  memberId: number;
  memberNumber: string;
  memberName: string;
  branchName: string | null;
  depositAmount: Cents;
  approvedOverdraw: Cents;
}

export interface AtRiskList {
  weeks: number;
  asOf: LocalDate;
  /** Active agreements looked at. */
  checked: number;
  /** Agreements whose forecast could not be worked out: none since the projection reads stored rows (kept for clients). */
  notForecast: number[];
  items: AtRiskAgreement[];
}

/**
 * The at-risk worklist (issue 11 item 7): every active agreement's projection (the forecast every screen shows:
 * today's balance, the stored deposits to come, the unpaid bills), listed when its first short day falls within the
 * horizon; each row's figures are that projection's verdict, as the member's overview states it (`assessRisk`). The
 * projections are loaded set-based, in batches.
 */
export class AtRiskService {
  constructor(
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly projections: ProjectionService,
  ) {}

  /** Agreements_At_Risk.csv or .pdf: the worklist in the screen's sort (the PDF landscape, drawn off the thread). */
  async file(em: EntityManager, weeks: number, format: 'CSV' | 'PDF', sort: unknown): Promise<ExportedFileView> {
    const order = checkAtRiskSort(sort);
    const table = atRiskTable(await this.list(em, weeks), order);
    if (format === 'CSV') return tableReportCsv(AT_RISK_CSV, table);
    const { productName } = await this.settings.clientSettings(em);
    return tableReportPdf(AT_RISK_PDF, table, { today: this.clock.today(), productName });
  }

  async list(em: EntityManager, weeks: number): Promise<AtRiskList> {
    if (!Number.isSafeInteger(weeks) || weeks < AT_RISK_WEEKS.min || weeks > AT_RISK_WEEKS.max) {
      throw new DomainError(
        'INVALID_WEEKS',
        `Choose a number of weeks from ${AT_RISK_WEEKS.min} to ${AT_RISK_WEEKS.max}.`,
        'weeks',
      );
    }
    const today = this.clock.today();
    const all = await em.execute<AgreementRow[]>(
      `select ${AGREEMENT_COLUMNS}, a.account_number, cp.branch_id as preference_branch_id,
              ${holderLinksSql('g.account_id')} as holder_links
       from agreement g
       join account a on a.id = g.account_id
       left join overdraw_rule r on r.id = g.overdraw_rule_id
       left join contract_preferences cp on cp.agreement_id = g.id
       where g.status = ? and g.end_date >= ?
       order by g.id`,
      [AgreementStatus.Active, today],
    );
    const branchNames = new Map(
      (await em.execute<{ id: number; name: string }[]>('select id, name from branch')).map((b) => [
        Number(b.id),
        b.name,
      ]),
    );
    // Whose each agreement is (the reports' one rule); one without an active holder is nobody's to contact.
    const ownerOf = new Map<number, { member: HolderLinkRow; branchName: string | null }>();
    for (const row of all) {
      const links = holderLinksOf(row.holder_links);
      const owner = agreementOwner(links, row.preference_branch_id === null ? null : Number(row.preference_branch_id));
      const member = links.find((link) => link.memberId === owner.memberId && link.isActive);
      if (!member) continue;
      ownerOf.set(Number(row.g_id), {
        member,
        branchName: owner.branchId === null ? null : (branchNames.get(owner.branchId) ?? null),
      });
    }
    const rows = all.filter((row) => ownerOf.has(Number(row.g_id)));
    const agreements = rows.map((row) => agreementFactsOf(row)!);
    const projections = await this.projections.forAgreements(em, agreements);
    const items: AtRiskAgreement[] = [];
    for (const [i, agreement] of agreements.entries()) {
      const forecast = projections.get(agreement.id)?.forecast;
      if (!forecast) continue;
      const risk = assessRisk({ forecast, today, weeks });
      if (!risk) continue;
      const owner = ownerOf.get(agreement.id)!;
      items.push({
        ...risk,
        agreementId: agreement.id,
        accountId: agreement.accountId,
        accountNumber: String(rows[i].account_number),
        memberId: owner.member.memberId,
        memberNumber: owner.member.memberNumber,
        memberName: owner.member.name,
        branchName: owner.branchName,
        depositAmount: agreement.depositAmount,
        approvedOverdraw: forecast.approvedOverdraw,
      });
    }
    items.sort(compareRisk);
    return { weeks, asOf: today, checked: rows.length, notForecast: [], items };
  }
}
