import type { EntityManager } from '@mikro-orm/postgresql';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import type { Clock } from '../../../shared/clock.js';
import { formatCurrency, type Cents } from '../../../shared/money.js';
import { formatLongDate, type LocalDate } from '../../../shared/local-date.js';
import { dateOf, moneyOf } from '../../../database/row-values.js';
import { BILLING_FREQUENCY_LABELS, type BillingFrequency } from '../../../shared/bill/billing-frequency.js';
import { wizardVersion } from '../wizard/wizard-version.js';
import { contributionFrequencyLabel } from '../../deposit/index.js';
import type { SettingsService } from '../../settings/index.js';
import { AgreementStatus } from '../agreement-status.js';
import { firstDepositFrom, nextStoredDeposit } from '../plan/plan-reader.js';
import { bankFirstDepositDay } from '../plan/plan-schedule.rules.js';
import type { BankDayDeposits } from '../deposits/deposits.service.js';
import type { ChangeApplier } from '../change-applier.js';
import { reviewedVersion } from '../member-approval/change-review.js';
import { WizardRefusal, type AgreementWizardService } from '../wizard/wizard.service.js';
import { ModificationState } from '../../../shared/biller/biller-codes.js';
import { maskCustomerReference } from '../../../shared/biller/biller-form.rules.js';
import { confirmPaymentType, confirmTables, itemOccurrences, MODIFICATION_HIGHLIGHTS } from './confirm.rules.js';
import type { AgreementConfirmView, ConfirmItemView } from './confirm.types.js';

interface ItemRow {
  id: number;
  type: number;
  nickname: string;
  is_auto_payment: boolean;
  billing_frequency: number;
  expected_bill_value: string;
  date_of_bill: string;
  modification_state: number;
  status: number;
  is_final_bill_expected: boolean;
  expected_final_bill_date: string | null;
  second_date_of_bill: string | null;
  payment_method: number | null;
  bpay_biller_code: string | null;
  customer_reference_number: string | null;
  bsb_number: string | null;
  eft_account_number: string | null;
  eft_account_name: string | null;
  direct_debit_account_number: string | null;
}

/**
 * A row's payment details (BPAY code and reference masked, BSB and account, the direct-debit account, the payment
 * type) and its occurrences in the period; a removed item (state 3) shows the next date it had (spec 3 §3-§4).
 */
function confirmRowDetails(
  row: ItemRow,
  period: { startDate: LocalDate; endDate: LocalDate },
  today: LocalDate,
): Pick<
  ConfirmItemView,
  | 'paymentType'
  | 'bpayNumber'
  | 'customerReferenceNumber'
  | 'bsbNumber'
  | 'eftAccountNumber'
  | 'eftAccountName'
  | 'directDebitAccountNumber'
  | 'totalOccurrences'
  | 'upcomingOccurrenceNumber'
  | 'oldNextDate'
> {
  const type = Number(row.type) === 1 ? 1 : 0;
  const occurrences = itemOccurrences(
    {
      frequency: Number(row.billing_frequency) as BillingFrequency,
      dateOfBill: dateOf(row.date_of_bill),
      secondDateOfBill: row.second_date_of_bill ? dateOf(row.second_date_of_bill) : null,
      finalBillDate:
        row.is_final_bill_expected === true && row.expected_final_bill_date
          ? dateOf(row.expected_final_bill_date)
          : null,
    },
    period,
    today,
  );
  return {
    paymentType: confirmPaymentType(type, row.payment_method === null ? null : Number(row.payment_method)),
    bpayNumber: row.bpay_biller_code,
    customerReferenceNumber: maskCustomerReference(row.customer_reference_number),
    bsbNumber: row.bsb_number,
    eftAccountNumber: row.eft_account_number,
    eftAccountName: row.eft_account_name,
    directDebitAccountNumber: row.direct_debit_account_number,
    totalOccurrences: occurrences.totalOccurrences,
    upcomingOccurrenceNumber: occurrences.upcomingOccurrenceNumber,
    oldNextDate: Number(row.modification_state) === ModificationState.Removed ? occurrences.nextDate : null,
  };
}

/** A modification on its way (in the wizard, sent to the member, approved and queued, being applied). */
const CHANGE_ON_ITS_WAY: readonly AgreementStatus[] = [
  AgreementStatus.ModificationPendingApproval,
  AgreementStatus.Queued,
  AgreementStatus.InProgress,
];

/** A modification in force (applied): its stored schedule is read. */
const CHANGE_IN_FORCE: readonly AgreementStatus[] = [
  AgreementStatus.Active,
  AgreementStatus.MissedDeposit,
  AgreementStatus.Locked,
];

/** "Fortnightly deposits of $123.45 from 1 December 2026 until 30 November 2027." */
export function scheduleSummary(frequency: string, amount: Cents, first: LocalDate | null, end: LocalDate): string {
  const from = first ? ` from ${longDate(first)}` : '';
  return `${frequency} deposits of ${formatCurrency(amount)}${from} until ${longDate(end)}.`;
}

/** 'd MMMM, y' (spec 3 §9, the wizard's date display): the one formatter in shared/local-date. */
export const longDate = formatLongDate;

/**
 * The confirm page (spec 3 §2): the tables of automatic and manual billers and of bills outside the period, the
 * modification highlights and final-bill lines, the summary, the confirmation statements of the client settings
 * and the read-only lock (in setup a balance that is not zero). The printed agreement reads the same view.
 */
export class ConfirmService {
  constructor(
    private readonly settings: SettingsService,
    private readonly wizard: AgreementWizardService,
    private readonly clock: Clock,
    /** Whether today's deposits step ran: a new agreement's first deposit of today is then tomorrow's once applied. */
    private readonly bankDay: BankDayDeposits | null = null,
    /** The change applier's rolled-back preview: the deposits a modification will have once applied. */
    private readonly applier: Pick<ChangeApplier, 'preview'> | null = null,
  ) {}

  async view(em: EntityManager, user: CurrentUser | null, contractId: number): Promise<AgreementConfirmView> {
    const version = await wizardVersion(em, user, contractId);
    let lock: { code: string; message: string } | null = null;
    try {
      await this.wizard.openForEditing(em, user, version.id);
    } catch (error) {
      if (!(error instanceof WizardRefusal)) throw error;
      lock = { code: error.code, message: error.message };
    }
    const [agreement] = await em.execute<
      {
        status: number;
        contribution_frequency: number;
        deposit_amount: string;
        next_deposit_amount: string | null;
        start_date: string;
        end_date: string;
        account_number: string;
        previous_id: number | null;
      }[]
    >(
      `select g.status, g.contribution_frequency, g.deposit_amount, g.next_deposit_amount, g.start_date::text as start_date,
         g.end_date::text as end_date, a.account_number, g.previous_id
       from agreement g join account a on a.id = g.account_id where g.id = ?`,
      [version.id],
    );
    const items = await em.execute<ItemRow[]>(
      `select id, 0 as type, nickname, is_auto_payment, billing_frequency, expected_bill_value,
         date_of_bill::text as date_of_bill, modification_state, status, is_final_bill_expected,
         expected_final_bill_date::text as expected_final_bill_date, second_date_of_bill::text as second_date_of_bill,
         payment_method, bpay_biller_code, customer_reference_number, bsb_number, eft_account_number,
         eft_account_name, direct_debit_account_number
       from biller where agreement_id = ?
       union all
       select id, 1 as type, nickname, false, billing_frequency, expected_bill_value, date_of_bill::text,
         modification_state, status, false, null, second_date_of_bill::text, null, null, null, null, null, null, null
       from billing_sub_category where agreement_id = ?
       order by type, nickname, id`,
      [version.id, version.id],
    );
    const members = await em.execute<{ first_name: string; last_name: string }[]>(
      `select m.first_name, m.last_name from member_account_link l join member m on m.id = l.member_id
       where l.account_id = ? and l.is_active order by l.is_primary desc, l.id`,
      [version.accountId],
    );
    const settings = await this.settings.clientSettings(em);
    const isSetup = Number(agreement.status) === AgreementStatus.PendingApproval;
    const startDate = dateOf(agreement.start_date);
    const endDate = dateOf(agreement.end_date);
    const today = this.clock.today();
    const rows: ConfirmItemView[] = items.map((row) => ({
      ...confirmRowDetails(row, { startDate, endDate }, today),
      id: Number(row.id),
      type: Number(row.type) === 1 ? 1 : 0,
      nickname: row.nickname,
      isAutoPaymentBill: row.is_auto_payment === true,
      billingFrequency: Number(row.billing_frequency),
      frequencyLabel: BILLING_FREQUENCY_LABELS[Number(row.billing_frequency) as BillingFrequency] ?? '',
      expenseAmount: moneyOf(row.expected_bill_value),
      dateCommencing: dateOf(row.date_of_bill),
      modificationStatus: Number(row.modification_state),
      highlight: MODIFICATION_HIGHLIGHTS[Number(row.modification_state)] ?? null,
      status: Number(row.status),
      isFinalBillExpected: row.is_final_bill_expected === true,
      expectedFinalBillDate: row.expected_final_bill_date ? dateOf(row.expected_final_bill_date) : null,
    }));
    const tables = confirmTables(rows, { startDate, endDate });
    const frequencyLabel = contributionFrequencyLabel(Number(agreement.contribution_frequency), '');
    const firstDepositDate =
      agreement.previous_id === null
        ? await this.newAgreementFirstDeposit(em, version.id, today)
        : await this.changeNextDeposit(em, version.id, Number(agreement.status) as AgreementStatus, today);
    const depositAmount = moneyOf(agreement.deposit_amount);
    return {
      contractId: version.id,
      isSetup,
      accountNumber: String(agreement.account_number),
      memberNames: members.map((m) => `${m.first_name} ${m.last_name}`),
      ...tables,
      summary: {
        contributionFrequency: Number(agreement.contribution_frequency),
        frequencyLabel,
        depositAmount,
        nextDepositAmount: agreement.next_deposit_amount === null ? null : moneyOf(agreement.next_deposit_amount),
        startDate,
        firstDepositDate,
        endDate,
        scheduleSummary: scheduleSummary(frequencyLabel, depositAmount, firstDepositDate, endDate),
        fee: (await this.settings.serverSettings(em)).agreementFee,
      },
      confirmations: settings.termsConfirmationChecklist,
      lock,
    };
  }

  /**
   * A new agreement applied now has its deposits on the bank's days (the change applier's rule): its first deposit
   * of today is tomorrow's once today's deposits step ran. Applied, its stored plan is read (firstDepositFrom).
   */
  private async newAgreementFirstDeposit(em: EntityManager, versionId: number, today: LocalDate) {
    const firstBankDay = bankFirstDepositDay(today, (await this.bankDay?.depositsTakenOn(em, today)) === true);
    return firstDepositFrom(em, versionId, today, firstBankDay);
  }

  /**
   * A modification's next deposit: the first of the deposits the change applier stores for it, read in its rolled-back
   * preview while it is on its way (its schedule from the day it is applied on the bank's days, without the dates the
   * version in force holds: modification-schedule.rules.ts#depositChanges), and in its stored schedule once it is in
   * force. A renewal, or a change that ended, as before: its schedule's first date from today (firstDepositFrom).
   */
  private async changeNextDeposit(em: EntityManager, versionId: number, status: AgreementStatus, today: LocalDate) {
    const onItsWay = CHANGE_ON_ITS_WAY.includes(status);
    if (this.applier && (onItsWay || CHANGE_IN_FORCE.includes(status))) {
      const renewal = (await reviewedVersion(em, versionId))?.isRenewal === true;
      if (!renewal && !onItsWay) return nextStoredDeposit(em, versionId, today);
      if (!renewal) return this.applier.preview(em, versionId, (tx) => nextStoredDeposit(tx, versionId, today));
    }
    return firstDepositFrom(em, versionId, today);
  }
}
