import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../../shared/clock.js';
import type { LocalDate } from '../../../shared/local-date.js';
import type { Cents } from '../../../shared/money.js';
import { agreementBalances, ZERO_BALANCES } from '../../ledger/index.js';
import type { SettingsService } from '../../settings/index.js';
import type { AgreementFacts } from '../agreement-facts.js';
import { loadBillers, type BillerFacts } from '../agreement-billers.js';
import { projectionInputOf, type ProjectionFacts } from './projection.facts.js';
import { loadProjectedDeposits, loadProjectionRows, type ProjectionBillRow } from './projection.queries.js';
import {
  arrearsOf,
  nextDepositOf,
  projectAgreement,
  type AgreementProjection,
  type ProjectionInput,
} from './projection.rules.js';

/** Agreements projected per round of statements (three statements a batch, whatever the batch's size). */
export const PROJECTION_BATCH = 500;

/** The projection of agreements whose facts the caller has loaded already (the overview's one statement). */
export function projectFacts(facts: ProjectionFacts, today: LocalDate, defaultOverdraw: Cents): AgreementProjection {
  return projectAgreement(projectionInputOf(facts, today, defaultOverdraw));
}

/**
 * The agreement as of today (issue 25 item 3), loaded and computed: the ledger's balances, the stored deposits, the
 * unpaid bills and their billers, set-based for any number of agreements (`forAgreements`, in batches). The member
 * overview, What's next, the forecast page, the staff overview and dashboard, the at-risk list, the REST overview
 * and the reports read it.
 */
export class ProjectionService {
  constructor(
    private readonly settings: SettingsService,
    private readonly clock: Clock,
  ) {}

  today(): LocalDate {
    return this.clock.today();
  }

  async forAgreement(em: EntityManager, agreement: AgreementFacts): Promise<AgreementProjection> {
    return (await this.forAgreements(em, [agreement])).get(agreement.id)!;
  }

  /** Each agreement's projection, in batches of PROJECTION_BATCH (three statements each). */
  async forAgreements(
    em: EntityManager,
    agreements: readonly AgreementFacts[],
  ): Promise<Map<number, AgreementProjection>> {
    const inputs = await this.inputsFor(em, agreements);
    return new Map([...inputs].map(([id, input]) => [id, projectAgreement(input)]));
  }

  /** The rules' input of one agreement (a what-if reads it, changes it and projects it again: shortfall fixes). */
  async inputFor(em: EntityManager, agreement: AgreementFacts): Promise<ProjectionInput> {
    return (await this.inputsFor(em, [agreement])).get(agreement.id)!;
  }

  /** Each agreement's rules' input, loaded in batches of PROJECTION_BATCH (three statements each). */
  async inputsFor(em: EntityManager, agreements: readonly AgreementFacts[]): Promise<Map<number, ProjectionInput>> {
    return (await this.inputsWithBillersFor(em, agreements)).inputs;
  }

  /**
   * `inputsFor` with the billers and the unpaid bills it read (each agreement's: the billers in their order, the bills
   * with their contingency), for a caller that needs them too (the deposit review's table and bills to come): no
   * second read of either.
   */
  async inputsWithBillersFor(
    em: EntityManager,
    agreements: readonly AgreementFacts[],
  ): Promise<{
    inputs: Map<number, ProjectionInput>;
    billers: Map<number, BillerFacts[]>;
    unpaidBills: Map<number, ProjectionBillRow[]>;
  }> {
    const today = this.clock.today();
    const defaultOverdraw = (await this.settings.serverSettings(em)).contractApprovedOverDrawOfAmount;
    const inputs = new Map<number, ProjectionInput>();
    const billersOf = new Map<number, BillerFacts[]>();
    const unpaidBills = new Map<number, ProjectionBillRow[]>();
    for (let start = 0; start < agreements.length; start += PROJECTION_BATCH) {
      const batch = agreements.slice(start, start + PROJECTION_BATCH);
      const ids = batch.map((agreement) => agreement.id);
      // One after another: a transaction (and the embedded database) is one connection.
      const balances = await agreementBalances(em, ids);
      const billers = byAgreement(await loadBillers(em, ids));
      const rows = await loadProjectionRows(em, ids);
      for (const agreement of batch) {
        const facts: ProjectionFacts = {
          agreement,
          balances: balances.get(agreement.id) ?? ZERO_BALANCES,
          billers: billers.get(agreement.id) ?? [],
          bills: rows.get(agreement.id)?.bills ?? [],
          deposits: rows.get(agreement.id)?.deposits ?? [],
        };
        inputs.set(agreement.id, projectionInputOf(facts, today, defaultOverdraw));
        billersOf.set(agreement.id, billers.get(agreement.id) ?? []);
        unpaidBills.set(agreement.id, rows.get(agreement.id)?.bills ?? []);
      }
    }
    return { inputs, billers: billersOf, unpaidBills };
  }

  /**
   * Only the deposits' part (next deposit and arrears, optionally arrears due within dates), for reports that list
   * many agreements and no forecast: one statement.
   */
  async depositsOf(
    em: EntityManager,
    agreementIds: readonly number[],
    range: { from?: LocalDate | null; to?: LocalDate | null } = {},
  ) {
    const today = this.clock.today();
    const deposits = await loadProjectedDeposits(em, agreementIds);
    return new Map(
      agreementIds.map((id) => {
        const list = deposits.get(id) ?? [];
        return [id, { nextDeposit: nextDepositOf(list, today), arrears: arrearsOf(list, range) }] as const;
      }),
    );
  }
}

function byAgreement(billers: readonly BillerFacts[]): Map<number, BillerFacts[]> {
  const map = new Map<number, BillerFacts[]>();
  for (const biller of billers) {
    const list = map.get(biller.agreementId);
    if (list) list.push(biller);
    else map.set(biller.agreementId, [biller]);
  }
  return map;
}
