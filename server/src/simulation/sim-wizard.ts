import { parsePeakMonths } from '../shared/bill/bill-amount.rules.js';
import { BillingFrequency } from '../shared/bill/billing-frequency.js';
import { BillerOverdueOption } from '../shared/biller/biller-codes.js';
import { PaymentMethod } from '../shared/bill/payment-method.js';
import { draftFromStep, type DepositsDraftFields } from '../shared/deposit/deposits-draft.rules.js';
import { cents, parseMoney, toDecimalString } from '../shared/money.js';
import type { Random } from '../seed/random.js';
import type { SimApi, SimSession } from './sim-api.js';

/**
 * Staff in the wizard, step by step as the client's screens call the server (client/src/features/wizard): the billers
 * list, a biller's form (its loaded values sent back with what staff changed), the remove screen, and the deposits
 * step (the step as the server proposes it, `agreementDeposits` without a draft, becomes the draft; a frequency card
 * chosen is asked again with the draft; an overdraw within the initial duration is topped up from the members'
 * richest savings account, as staff choose Top up now; then `saveAgreementDeposits` with the whole draft).
 */

export interface UserError {
  code: string;
  message: string;
}

/** What staff changed in a modification, for the run's counts (refusals say where it stopped). */
export type WizardChange = 'biller amount' | 'biller frequency' | 'remove biller' | 'deposit frequency';

const LIST = `query($id: Int!) { wizardBillingItems(contractId: $id) {
  id type nickname status canEdit canRemove billingFrequency } }`;
const BILLER = `query($id: Int!) { wizardBiller(billerId: $id) {
  id contractId nickname billingCategoryId companyId paymentType bPayNumber customerReferenceNumber bsbNumber bsbDisplay
  eftAccountNumber eftAccountName eftReferenceNumber directDebitAccountNumber expectedBillValue billingFrequency
  dateOfBill biMonthly1stDate biMonthly2ndDate isExactDateOfBillKnown doesAmountVaryFromBillToBill isAutoPaymentBill
  isNotificationEnabled isFinalBillExpected expectedFinalBillDate isSeasonBill peakMonths peakValueOfBill
  offPeakValueOfBill overdueOption hasOverdueBills } }`;
const SAVE_BILLER = `mutation($input: BillerInput!) { saveBiller(input: $input) { depositsStepNeeded errors { code message } } }`;
const REMOVAL = `query($id: Int!) { billerRemoval(billerId: $id) { expectedFinalBillDate loadError } }`;
const REMOVE_BILLER = `mutation($id: Int!) { removeBiller(billerId: $id, isFinalBillExpected: false) {
  errors { code message } } }`;
const STEP = `step {
  deposits { contributionFrequency contributionDate biMonthly1stDate biMonthly2ndDate selectedContributionDate
    depositType remitterName remitterNumber periodicalPaymentAccount isTopupPerformed isRemoveBillPerformed topupAccount }
  options { frequency depositAmount message }
  paymentDetails { hasOverDrawDuration approvalsNeeded }
  accounts { id availableBalance } }
errors { code message }`;
const DEPOSITS = `query($id: Int!, $draft: DepositsInput) { agreementDeposits(agreementId: $id, draft: $draft) { ${STEP} } }`;
const SAVE_DEPOSITS = `mutation($id: Int!, $input: DepositsInput!) { saveAgreementDeposits(agreementId: $id, input: $input) {
  ${STEP} } }`;

interface ListItem {
  id: number;
  type: number;
  nickname: string;
  status: string;
  canEdit: boolean;
  canRemove: boolean;
  billingFrequency: number;
}

type WizardBiller = Record<string, unknown> & {
  id: number;
  contractId: number;
  billingCategoryId: number;
  companyId: number | null;
  expectedBillValue: string;
  billingFrequency: number;
  dateOfBill: string;
  biMonthly1stDate: string | null;
  biMonthly2ndDate: string | null;
  isExactDateOfBillKnown: boolean;
  paymentType: number;
  isSeasonBill: boolean;
  isFinalBillExpected: boolean;
  peakMonths: string | null;
  overdueOption: number | null;
  hasOverdueBills: boolean;
};

type DepositsDraft = DepositsDraftFields;

interface DepositsStep {
  deposits: Omit<DepositsDraft, 'contributionAmount'>;
  options: { frequency: number; depositAmount: string | null; message: string | null }[];
  paymentDetails: { hasOverDrawDuration: boolean; approvalsNeeded: number[] } | null;
  accounts: { id: number; availableBalance: string }[];
}

interface StepAnswer {
  step: DepositsStep | null;
  errors: UserError[];
}

/** Billing frequencies staff may switch a biller between (weekly to annually; twice a month needs two dates). */
const SIMPLE_BILL_FREQUENCIES = [
  BillingFrequency.Weekly,
  BillingFrequency.Fortnightly,
  BillingFrequency.Monthly,
  BillingFrequency.EverySecondMonth,
  BillingFrequency.Quarterly,
  BillingFrequency.SemiAnnually,
  BillingFrequency.Annually,
] as const;
/** Deposit frequencies staff may switch to (twice a month needs two dates). */
const SIMPLE_DEPOSIT_FREQUENCIES = [1, 2, 3, 5, 7] as const;

export class SimWizard {
  constructor(
    private readonly api: SimApi,
    private readonly staff: SimSession,
    private readonly random: Random,
  ) {}

  /**
   * One change to a modification open in the wizard, as staff make it: a biller's amount or frequency, a biller
   * removed, or another deposit frequency (made on the deposits step). Null when the version has nothing to change of
   * the kind drawn; errors when the server refused it.
   */
  async change(version: number): Promise<{ change: WizardChange; errors: UserError[] } | null> {
    const roll = this.random.int(1, 10);
    const change: WizardChange =
      roll <= 4 ? 'biller amount' : roll <= 6 ? 'biller frequency' : roll <= 8 ? 'remove biller' : 'deposit frequency';
    if (change === 'deposit frequency') return { change, errors: [] };
    const items = (await this.api.graphql<{ wizardBillingItems: ListItem[] }>(this.staff, LIST, { id: version }))
      .wizardBillingItems;
    const billers = items.filter(
      (item) =>
        item.type === 0 && item.status === 'Active' && (change === 'remove biller' ? item.canRemove : item.canEdit),
    );
    if (billers.length === 0) return null;
    const item = this.random.pick(billers);
    if (change === 'remove biller') {
      // The remove screen loads first (its next transaction and final bill dates); no final bill is expected.
      await this.api.graphql(this.staff, REMOVAL, { id: item.id });
      const removed = (
        await this.api.graphql<{ removeBiller: { errors: UserError[] } }>(this.staff, REMOVE_BILLER, { id: item.id })
      ).removeBiller;
      return { change, errors: removed.errors };
    }
    const biller = (await this.api.graphql<{ wizardBiller: WizardBiller }>(this.staff, BILLER, { id: item.id }))
      .wizardBiller;
    if (biller.isSeasonBill) return null;
    const input = billerInputOf(biller);
    if (change === 'biller amount') {
      const amount = parseMoney(biller.expectedBillValue);
      const moved = Math.max(100, Math.round((amount * this.random.int(5, 30)) / 100));
      input.expectedBillValue = toDecimalString(
        cents(this.random.chance(0.5) ? amount + moved : Math.max(100, amount - moved)),
      );
      // A biller with overdue bills asks which bills the new amount applies to (spec 2 §5): staff choose one.
      const valid = [BillerOverdueOption.AllUnpaidBills, BillerOverdueOption.CurrentAndFutureBills] as const;
      if (biller.hasOverdueBills && !(valid as readonly (number | null)[]).includes(biller.overdueOption)) {
        input.overdueOption = this.random.pick(valid);
      }
    } else {
      if (biller.billingFrequency === BillingFrequency.BiMonthly) return null;
      const others = SIMPLE_BILL_FREQUENCIES.filter((f) => f !== biller.billingFrequency);
      input.billingFrequency = this.random.pick(others);
    }
    const saved = (
      await this.api.graphql<{ saveBiller: { depositsStepNeeded: boolean; errors: UserError[] } }>(
        this.staff,
        SAVE_BILLER,
        { input },
      )
    ).saveBiller;
    return { change, errors: saved.errors };
  }

  /**
   * The deposits step as the client's screen makes it: the proposed step becomes the draft (the renewal's proposed
   * next deposit date included), `frequency` chosen when given (the card's deposit, as proposed), Top up now from the
   * richest account when the initial duration overdraws; saved whole. The save's refusals, else the approvals the
   * saved deposits need (a manager must grant them before the wizard goes on: the run counts them refused).
   */
  async deposits(version: number, changeFrequency: boolean): Promise<UserError[]> {
    const proposed = await this.step(version, null);
    if (!proposed.step) return proposed.errors.length ? proposed.errors : [{ code: 'NO_STEP', message: 'no step' }];
    const draft: DepositsDraft = draftFromStep(proposed.step.deposits);
    if (changeFrequency) {
      const others = proposed.step.options.filter(
        (o) =>
          o.frequency !== draft.contributionFrequency &&
          (SIMPLE_DEPOSIT_FREQUENCIES as readonly number[]).includes(o.frequency) &&
          o.depositAmount !== null &&
          !o.message,
      );
      if (others.length) draft.contributionFrequency = this.random.pick(others).frequency;
    }
    const asked = await this.step(version, draft);
    if (!asked.step) return asked.errors.length ? asked.errors : [{ code: 'NO_STEP', message: 'no step' }];
    if (asked.step.paymentDetails?.hasOverDrawDuration) {
      const richest = [...asked.step.accounts].sort(
        (a, b) => parseMoney(b.availableBalance) - parseMoney(a.availableBalance),
      )[0];
      Object.assign(draft, { isTopupPerformed: true, isRemoveBillPerformed: false, topupAccount: richest?.id ?? null });
    }
    const saved = (
      await this.api.graphql<{ saveAgreementDeposits: StepAnswer }>(this.staff, SAVE_DEPOSITS, {
        id: version,
        input: draft,
      })
    ).saveAgreementDeposits;
    if (saved.errors.length) return saved.errors;
    const approvals = saved.step?.paymentDetails?.approvalsNeeded ?? [];
    return approvals.length
      ? [{ code: 'APPROVAL_NEEDED', message: `a manager's approval of type ${approvals.join(' and ')} is needed` }]
      : [];
  }

  private async step(version: number, draft: DepositsDraft | null): Promise<StepAnswer> {
    return (await this.api.graphql<{ agreementDeposits: StepAnswer }>(this.staff, DEPOSITS, { id: version, draft }))
      .agreementDeposits;
  }
}

/**
 * A loaded biller sent back as the biller form sends it (`biller-form-values.ts`: billerValuesOf then billerInputOf):
 * only the payment type's own details; the masked reference sent back unchanged is kept.
 */
function billerInputOf(b: WizardBiller): Record<string, unknown> {
  const biMonthly = b.billingFrequency === BillingFrequency.BiMonthly;
  const exact = biMonthly || b.isExactDateOfBillKnown || b.paymentType === PaymentMethod.DirectDebit;
  const is = (type: PaymentMethod) => b.paymentType === type;
  return {
    billerId: b.id,
    contractId: b.contractId,
    billingCategoryId: b.billingCategoryId,
    companyId: b.companyId,
    nickname: b.nickname,
    expectedBillValue: b.expectedBillValue,
    billingFrequency: b.billingFrequency,
    isExactDateOfBillKnown: exact,
    dateOfBill: biMonthly ? (b.biMonthly1stDate ?? b.dateOfBill) : exact ? b.dateOfBill : null,
    roughMonth: exact ? null : Number(b.dateOfBill.slice(5, 7)),
    biMonthly1stDate: biMonthly ? (b.biMonthly1stDate ?? b.dateOfBill) : null,
    biMonthly2ndDate: biMonthly ? b.biMonthly2ndDate : null,
    overdueOption: b.overdueOption,
    paymentType: b.paymentType,
    bPayNumber: is(PaymentMethod.Bpay) ? b.bPayNumber : null,
    customerReferenceNumber: is(PaymentMethod.Bpay) ? b.customerReferenceNumber : null,
    bsbNumber: is(PaymentMethod.Eft) ? (b.bsbDisplay ?? b.bsbNumber) : null,
    eftAccountNumber: is(PaymentMethod.Eft) ? b.eftAccountNumber : null,
    eftAccountName: is(PaymentMethod.Eft) ? b.eftAccountName : null,
    eftReferenceNumber: is(PaymentMethod.Eft) ? b.eftReferenceNumber : null,
    directDebitAccountNumber: is(PaymentMethod.DirectDebit) ? b.directDebitAccountNumber : null,
    doesAmountVaryFromBillToBill: is(PaymentMethod.DirectDebit) ? true : b.doesAmountVaryFromBillToBill,
    isAutoPaymentBill: b.isAutoPaymentBill,
    isNotificationEnabled: b.isNotificationEnabled,
    isFinalBillExpected: b.isFinalBillExpected,
    expectedFinalBillDate: b.isFinalBillExpected ? b.expectedFinalBillDate : null,
    isSeasonBill: b.isSeasonBill,
    peakValueOfBill: b.isSeasonBill ? b.peakValueOfBill : null,
    offPeakValueOfBill: b.isSeasonBill ? b.offPeakValueOfBill : null,
    peakMonths: b.isSeasonBill ? [...parsePeakMonths(b.peakMonths ?? '')] : null,
    newNoteText: null,
  };
}
