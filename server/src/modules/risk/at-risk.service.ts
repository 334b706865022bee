import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../common/clock.js';
import { DomainError } from '../../common/errors.js';
import type { LocalDate } from '../../common/local-date.js';
import type { Cents } from '../../common/money.js';
import { loadBillers } from '../agreement/agreement-billers.js';
import { AGREEMENT_COLUMNS, agreementFactsOf, type AgreementRow } from '../agreement/agreement-facts.js';
import { AgreementStatus } from '../agreement/agreement-status.js';
import { agreementOwner } from '../branch/agreement-owner.rules.js';
import { holderLinksOf, holderLinksSql, type HolderLinkRow } from '../branch/agreement-owner.sql.js';
import { storedDepositPlanData } from '../agreement/stored-plan.js';
import { agreementBalances, ZERO_BALANCES } from '../ledger/ledger-balances.js';
import { calculateDepositPlan } from '../planner/planner.calculations.js';
import type { SettingsService } from '../settings/settings.service.js';
import { tableReportCsv, tableReportPdf, type ExportedFileView } from '../export/table-report.js';
import { AT_RISK_CSV, AT_RISK_PDF, atRiskTable } from './at-risk-export.rules.js';
import { DayMemo } from './day-memo.js';
import { assessRisk, checkAtRiskSort, compareRisk, type RiskAssessment } from './at-risk.rules.js';

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
  /** Agreements whose forecast could not be worked out (their data breaks a planner rule): listed by id. */
  notForecast: number[];
  items: AtRiskAgreement[];
}

const BATCH = 200;

type Forecast = { risk: RiskAssessment | null; approvedOverdraw: Cents } | null;

/**
 * The at-risk worklist (issue 11 item 7): every active agreement's forecast, the deposits step's own calculation
 * on the stored agreement from today (as the graphs page shows it), read for the first short day within the
 * horizon. In batches: one statement each for the batch's billers and balances.
 */
export class AtRiskService {
  /** Today's forecasts per agreement and horizon (null: the data breaks a planner rule). */
  private readonly forecasts = new DayMemo<Forecast>();

  constructor(
    private readonly settings: SettingsService,
    private readonly clock: Clock,
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
    const settings = await this.settings.serverSettings(em);
    const defaults = {
      approvedOverdraw: settings.contractApprovedOverDrawOfAmount,
      upperContractLimit: settings.businessUpperContractLimit,
      overdrawRuleDurationDays: settings.initialOverdrawRuleDays,
    };
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
    const items: AtRiskAgreement[] = [];
    const notForecast: number[] = [];
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = rows.slice(start, start + BATCH);
      const ids = batch.map((row) => Number(row.g_id));
      const [balances, billers] = await Promise.all([
        agreementBalances(em, ids, { asOf: today }),
        loadBillers(em, ids),
      ]);
      const billersOf = new Map<number, typeof billers>();
      for (const biller of billers) {
        const list = billersOf.get(biller.agreementId);
        if (list) list.push(biller);
        else billersOf.set(biller.agreementId, [biller]);
      }
      for (const row of batch) {
        const agreement = agreementFactsOf(row)!;
        const opening = (balances.get(agreement.id) ?? ZERO_BALANCES).total;
        const data = storedDepositPlanData(agreement, billersOf.get(agreement.id) ?? [], opening);
        // The forecast is a pure function of the plan's input, today, the settings and the horizon: remembered for
        // the day under exactly that input (a payment, deposit or changed biller changes it and forecasts again).
        const outcome = this.forecasts.answer(
          today,
          `${agreement.id}|${weeks}`,
          JSON.stringify([data, defaults]),
          (): Forecast => {
            try {
              const result = calculateDepositPlan(data, today, defaults);
              const approvedOverdraw = result.plan.forecast.overdrawLimit;
              const risk = assessRisk({
                days: result.plan.forecast.days,
                today,
                weeks,
                approvedOverdraw,
                depositAmount: agreement.depositAmount,
                minimum: result.plan.minimum,
              });
              return { risk, approvedOverdraw };
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              return null;
            }
          },
        );
        if (outcome === null) {
          notForecast.push(agreement.id);
          continue;
        }
        const { risk, approvedOverdraw } = outcome;
        if (!risk) continue;
        const owner = ownerOf.get(agreement.id)!;
        items.push({
          ...risk,
          agreementId: agreement.id,
          accountId: agreement.accountId,
          accountNumber: String(row.account_number),
          memberId: owner.member.memberId,
          memberNumber: owner.member.memberNumber,
          memberName: owner.member.name,
          branchName: owner.branchName,
          depositAmount: agreement.depositAmount,
          approvedOverdraw,
        });
      }
    }
    items.sort(compareRisk);
    return { weeks, asOf: today, checked: rows.length, notForecast, items };
  }
}
