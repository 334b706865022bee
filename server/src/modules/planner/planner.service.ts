import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../shared/clock.js';
import type { Cents } from '../../shared/money.js';
import {
  AUSTRALIAN_BSB_DIRECTORY,
  formatBsb,
  normaliseBillerCode,
  validateBpayPayment,
  validateBsb as checkBsb,
  type BsbDirectory,
} from '../../shared/validation/index.js';
import { findBpayBiller } from '../company/index.js';
import type { SettingsService } from '../settings/index.js';
import type { BillSchedulePreview } from './bill-schedule.types.js';
import type { DepositPlanData } from './deposit-input.rules.js';
import type { DepositPlan } from './deposit-plan.types.js';
import { toDepositPlanView } from './deposit-plan.views.js';
import type { BpayValidation, BsbValidation } from './payment-check.types.js';
import { calculateDepositPlan, previewBillSchedule, type BillScheduleData } from './planner.calculations.js';
import { plannerDefaultsOf } from './planner-settings.js';

export interface BpayCheckData {
  bPayNumber: string | number | null | undefined;
  customerReferenceNumber?: string | null;
  amount?: Cents | null;
  loadedReference?: string | null;
}

const noRejection = { message: null, field: null, limit: null };

/**
 * Stateless calculations for the agreement wizard: the bill and deposit engines and the payment-detail checks,
 * on the caller's input only (nothing stored is read but the server settings and the company catalogue). GraphQL and REST both call it.
 */
export class PlannerService {
  constructor(
    private readonly settings: SettingsService,
    private readonly clock: Clock,
    private readonly bsbDirectory: BsbDirectory = AUSTRALIAN_BSB_DIRECTORY,
  ) {}

  billSchedule(input: BillScheduleData): BillSchedulePreview {
    return previewBillSchedule(input, this.clock.today());
  }

  async depositPlan(em: EntityManager, input: DepositPlanData): Promise<DepositPlan> {
    const settings = await this.settings.serverSettings(em);
    const result = calculateDepositPlan(input, this.clock.today(), plannerDefaultsOf(settings));
    return toDepositPlanView(result);
  }

  /** Spec 2 §5: 0 with the biller's name, or 11, 12, 13, 15 with the field at fault; the company catalogue. */
  async validateBpay(em: EntityManager, input: BpayCheckData): Promise<BpayValidation> {
    const biller = await findBpayBiller(em, input.bPayNumber);
    const catalogue = biller ? [biller] : [];
    const result = validateBpayPayment(
      {
        billerCode: input.bPayNumber,
        customerReferenceNumber: input.customerReferenceNumber,
        amount: input.amount,
        loadedReference: input.loadedReference,
      },
      catalogue,
    );
    if (result.ok) {
      const { billerCode, billerName, scope } = result;
      return { code: 0, valid: true, billerCode, billerName, fullyChecked: scope === 'full', ...noRejection };
    }
    const billerCode = normaliseBillerCode(input.bPayNumber) ?? null;
    return {
      code: result.code,
      valid: false,
      billerCode,
      billerName: biller?.name ?? null,
      fullyChecked: result.code !== 11,
      message: result.message,
      field: result.field,
      limit: result.limit ?? null,
    };
  }

  /** Spec 2 §5: 0 with the bank's name, or 14 'Invalid Bsb number'. */
  validateBsb(bsb: string | number | null | undefined): BsbValidation {
    const result = checkBsb(bsb, this.bsbDirectory);
    if (result.ok) {
      return {
        code: 0,
        valid: true,
        bsb: result.bsb,
        formattedBsb: formatBsb(result.bsb),
        bankName: result.bankName,
        message: null,
        field: null,
      };
    }
    return {
      code: result.code,
      valid: false,
      bsb: null,
      formattedBsb: null,
      bankName: null,
      message: result.message,
      field: result.field,
    };
  }
}
