import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, NotFoundError } from '../../shared/errors.js';
import { addDays, type LocalDate } from '../../shared/local-date.js';
import { toDecimalString } from '../../shared/money.js';
import {
  nextDirectDebitAccountNumber,
  validateDirectDebitAccountNumber,
  type Rejection,
} from '../../shared/validation/index.js';
import {
  AgreementStatus,
  allocationByCategory,
  type CategoryAllocation,
  checkId,
  loadBillers as loadAgreementBillers,
  loadAgreementFacts,
  notFound,
  ownerOf,
  versionOfAccount,
  type WizardGate,
  wizardVersion,
  type WizardVersion,
} from '../agreement/index.js';
import { checkFinalBill } from '../../shared/bill/bill-details.rules.js';
import { BillScheduleError } from '../../shared/bill/bill.errors.js';
import { nextOccurrence } from '../../shared/bill/bill-schedule.rules.js';
import type { BillingFrequency } from '../../shared/bill/billing-frequency.js';
import { PAYMENT_METHOD_LABELS, PaymentMethod } from '../../shared/bill/payment-method.js';
import type { BillingCategoryService } from '../billing-category/index.js';
import { findBpayBiller, type CompanyService } from '../company/index.js';
import { NoteEntityType } from '../../shared/note/note-entity-type.js';
import { BillingSourceItemType, ModificationState } from '../../shared/biller/biller-codes.js';
import { billerChangesContract, billerPaymentChanges } from './biller-change.rules.js';
import { checkBillerForm, type BillerFormValue } from '../../shared/biller/biller-form.rules.js';
import {
  BILLER_REINSTATED_MESSAGE,
  BILLER_DELETED_MESSAGE,
  BILLER_REMOVED_MESSAGE,
  editRefusal,
  NOT_REMOVED_MESSAGE,
  reinstateEffect,
  removalEffect,
  sortListItems,
  stateAfterSave,
  type ListSortField,
  type SortDirection,
} from './biller-list.rules.js';
import { listItemOf, loadBillers, loadSubCategories } from './biller-wizard.queries.js';
import { recordModification } from './modification-record.js';
import type { BillerInput, BillerView, ItemChangeResult, ListItemView, RemovalInfoView } from './biller.types.js';

/** Spec 2 §8, word for word: a second category assignment while one runs. */
export const OPERATION_IN_PROGRESS_MESSAGE = 'operation in progress please try again later';
/** Ours: the spec shows a success message when the wizard returns to the list, not its words. */
export const BILLER_SAVED_MESSAGE = 'The biller has been successfully saved in this agreement.';
export const NOTES_STAFF_ONLY_MESSAGE = 'Notes on a biller are written by our staff.';
/** Agreements whose preferences the profile page changes: running ones, and versions open in the wizard. */
const PROFILE_STATUSES = [
  AgreementStatus.Active,
  AgreementStatus.MissedDeposit,
  AgreementStatus.Locked,
  AgreementStatus.PendingApproval,
  AgreementStatus.ModificationPendingApproval,
];
/** The advisory-lock namespace of category assignments (pg_try_advisory_xact_lock(namespace, agreement id)). */
export const CATEGORY_ASSIGNMENT_LOCK = 7_201;

/** Every rejection of a form at once; GraphQL answers them all as data, REST all of them in `errors`. */
export class WizardFormError extends DomainError {
  constructor(readonly errors: readonly Rejection[]) {
    super(String(errors[0]?.code ?? 'INVALID_INPUT'), errors[0]?.message ?? 'Invalid input.', errors[0]?.field);
    this.name = 'WizardFormError';
  }
}

export interface BillerSaveOutcome {
  biller: BillerView;
  depositsStepNeeded: boolean;
  paymentChanges: string[];
  message: string | null;
}

export type ItemChangeOutcome = Omit<ItemChangeResult, 'errors'>;

/**
 * The billers of the agreement wizard (spec 2 §2-§5, §7): the list, the biller form's save, remove, reinstate,
 * the lock and remove screens, category assignment and direct-debit numbers. Every change runs in one transaction
 * on the version's row lock and writes the version's own rows: a modification (status 9) is a copy of the
 * agreement in force, and the change applier makes it current when it is applied.
 */
export class BillerWizardService {
  constructor(
    private readonly clock: Clock,
    private readonly categories: BillingCategoryService,
    private readonly companies: CompanyService,
    private readonly gate?: WizardGate,
  ) {}

  // --- reads ---

  /** The billers list (spec 2 §2): billers and sub-categories together, category ascending by default. */
  async list(
    em: EntityManager,
    user: CurrentUser | null,
    contractId: number,
    sort: ListSortField = 'category',
    direction: SortDirection = 'asc',
  ): Promise<ListItemView[]> {
    const version = await wizardVersion(em, user, contractId);
    const billers = await loadBillers(em, { agreementId: version.id });
    const subs = await loadSubCategories(em, { agreementId: version.id });
    const today = this.clock.today();
    return sortListItems(
      [...billers, ...subs].map((item) => listItemOf(item, version, today)),
      sort,
      direction,
    );
  }

  /** GET /api/billers?contractId(&active=true). */
  async billers(em: EntityManager, user: CurrentUser | null, contractId: number, activeOnly = false) {
    const version = await wizardVersion(em, user, contractId);
    return loadBillers(em, { agreementId: version.id, activeOnly });
  }

  async biller(em: EntityManager, user: CurrentUser | null, billerId: number): Promise<BillerView> {
    await wizardVersion(em, user, await ownerOf(em, user, 'biller', billerId, 'billerId'));
    const [biller] = await loadBillers(em, { billerId });
    if (!biller) throw new NotFoundError('Could not find the biller.');
    return biller;
  }

  /** GET /api/billers/islocked/{billerId}: a pending transaction exists (spec 2 §4). */
  async isLocked(em: EntityManager, user: CurrentUser | null, billerId: number): Promise<boolean> {
    return (await this.biller(em, user, billerId)).isLocked;
  }

  /** GET /api/billers/getCustomerReferenceNumber: the stored reference in full, for the agreement's own caller. */
  async customerReferenceNumber(
    em: EntityManager,
    user: CurrentUser | null,
    billerId: number,
    contractId: number,
  ): Promise<string | null> {
    const owner = await ownerOf(em, user, 'biller', billerId, 'billerId');
    await wizardVersion(em, user, owner);
    if (owner !== checkId(contractId, 'contractId')) throw notFound(requireUser(user), 'Could not find the biller.');
    const [row] = await em.execute<{ customer_reference_number: string | null }[]>(
      'select customer_reference_number from biller where id = ?',
      [billerId],
    );
    return row?.customer_reference_number ?? null;
  }

  /** GET /api/billers/getinitialdate: the date of bill the biller was first saved with (its first version's). */
  async initialDate(em: EntityManager, user: CurrentUser | null, billerId: number): Promise<LocalDate> {
    await this.biller(em, user, billerId);
    const [row] = await em.execute<{ date_of_bill: string }[]>(
      `with recursive chain(id, previous_id, date_of_bill, depth) as (
         select id, previous_id, date_of_bill, 0 from biller where id = ?
         union all select p.id, p.previous_id, p.date_of_bill, c.depth + 1 from biller p join chain c on p.id = c.previous_id
       ) select date_of_bill::text as date_of_bill from chain order by depth desc limit 1`,
      [billerId],
    );
    return row.date_of_bill as LocalDate;
  }

  /** The remove screen (spec 2 §2): the next transaction date and the expected final bill date. */
  async removal(em: EntityManager, user: CurrentUser | null, billerId: number): Promise<RemovalInfoView> {
    const biller = await this.biller(em, user, billerId);
    const version = await wizardVersion(em, user, biller.contractId);
    return removalInfo(biller, BillingSourceItemType.Biller, version, this.clock.today(), {
      frequency: biller.billingFrequency,
      dateOfBill: biller.dateOfBill,
      secondDateOfBill: biller.biMonthly2ndDate,
      finalBillDate: biller.expectedFinalBillDate,
    });
  }

  /**
   * PUT /api/billingcategories/allocationpercat/{memberId}/{contractId}/{accountId}: what the version's billers
   * and sub-categories are expected to cost per category over the agreement (the overview donut's figures).
   */
  async allocationByCategory(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    contractId: number,
    accountId: number,
  ): Promise<CategoryAllocation[]> {
    const version = await versionOfAccount(em, user, { memberId, accountId, contractId });
    const agreement = await loadAgreementFacts(em, version.id);
    return agreement ? allocationByCategory(agreement, await loadAgreementBillers(em, [version.id])) : [];
  }

  // --- changes ---

  /**
   * PUT /api/billerpreferenceslist and /api/billerpreferences (spec 2 §7, 3 §3 preferences step): whether each
   * biller's bills are notified. In the wizard (a version open in it), or with `isProfile` on the agreement in
   * force (the profile page). Only the notification flag: nothing that changes the contract.
   */
  async setNotificationPreferences(
    em: EntityManager,
    user: CurrentUser | null,
    contractId: number,
    isProfile: boolean,
    preferences: readonly { billerId: number; isNotificationEnabled: boolean }[],
  ): Promise<BillerView[]> {
    const caller = requireUser(user);
    return em.transactional(async (tx) => {
      const version = await wizardVersion(tx, caller, contractId, { write: !isProfile, lock: true, gate: this.gate });
      if (isProfile && !PROFILE_STATUSES.includes(version.status)) {
        throw new DomainError(
          'AGREEMENT_NOT_EDITABLE',
          'Only a running agreement’s preferences can be changed.',
          'contractId',
        );
      }
      for (const preference of preferences) {
        await this.ownBiller(tx, caller, version, preference.billerId);
        await tx.execute(
          'update biller set is_notification_enabled = ?, updated_at = ? where id = ?',
          [preference.isNotificationEnabled, this.clock.now(), preference.billerId],
          'run',
        );
      }
      return loadBillers(tx, { agreementId: version.id });
    });
  }

  /**
   * The biller form's save (spec 2 §4, §5): all rejections at once, nothing written then. `accountId` (REST
   * paths name it) must be the version's account.
   */
  async save(
    em: EntityManager,
    user: CurrentUser | null,
    input: BillerInput,
    accountId?: number,
  ): Promise<BillerSaveOutcome> {
    const caller = requireUser(user);
    return em.transactional(async (tx) => {
      const version = await wizardVersion(tx, caller, input.contractId, { write: true, lock: true, gate: this.gate });
      if (accountId !== undefined && version.accountId !== accountId) {
        throw notFound(caller, 'Could not load contract');
      }
      const existing = input.billerId ? await this.ownBiller(tx, caller, version, input.billerId) : null;
      if (existing) refuseEdit(existing);
      const errors: Rejection[] = [];
      const category = await this.category(tx, input.billingCategoryId, errors);
      await this.checkCompany(tx, input, errors);
      if (input.newNoteText?.trim() && !isStaff(caller.roles)) {
        errors.push({ ok: false, code: 'STAFF_ONLY', field: 'newNoteText', message: NOTES_STAFF_ONLY_MESSAGE });
      }
      const stored = existing ? await storedPaymentFields(tx, existing.id) : null;
      const form = checkBillerForm(
        {
          ...input,
          nickname: input.nickname,
          paymentType: input.paymentType,
          expectedBillValue: input.expectedBillValue,
          billingFrequency: input.billingFrequency,
        },
        {
          today: this.clock.today(),
          mode: version.mode,
          agreementEnd: version.endDate,
          hasOverdueBills: existing?.hasOverdueBills ?? false,
          original: existing
            ? {
                dateOfBill: existing.dateOfBill,
                biMonthlyDates: { first: existing.biMonthly1stDate, second: existing.biMonthly2ndDate },
                expectedFinalBillDate: existing.expectedFinalBillDate,
                expectedBillValue: existing.expectedBillValue,
              }
            : null,
          bpayBiller: await findBpayBiller(tx, input.bPayNumber),
          storedReference: stored?.customerReferenceNumber ?? null,
          directDebitNumbersInUse: await directDebitNumbersInUse(tx, existing?.id ?? null),
        },
      );
      if (!form.ok) errors.push(...form.errors);
      if (!form.ok || errors.length > 0 || category === null) throw new WizardFormError(errors);
      const value = await this.withDirectDebitNumber(tx, form.value, stored?.directDebitAccountNumber ?? null);
      const id = await writeBiller(tx, version, input, value, existing, this.clock.today());
      if (value.noteText) await writeNote(tx, caller, version.id, id, value.noteText, this.clock.now());
      const [biller] = await loadBillers(tx, { billerId: id });
      await recordModification(
        tx,
        version,
        existing ? { kind: 'edited', before: existing, after: biller } : { kind: 'added', item: biller },
      );
      const kind = existing ? 'edit' : 'new';
      const contractChanged = billerChangesContract(kind, existing ? contractFields(existing) : null, {
        ...contractFields(biller),
        overdueOption: value.overdueOption,
      });
      const paymentChanges = billerPaymentChanges(stored, paymentFields(value));
      return {
        biller,
        depositsStepNeeded: contractChanged,
        paymentChanges,
        message: contractChanged ? null : BILLER_SAVED_MESSAGE,
      };
    });
  }

  /** PUT /api/billers/updatelist: several billers of one version saved together, or none (errors named by index). */
  async saveMany(
    em: EntityManager,
    user: CurrentUser | null,
    contractId: number,
    inputs: readonly BillerInput[],
  ): Promise<BillerView[]> {
    return em.transactional(async (tx) => {
      const saved: BillerView[] = [];
      for (const [index, input] of inputs.entries()) {
        if (input.contractId !== contractId) {
          throw new DomainError(
            'INVALID_ID',
            'Every biller must belong to the contract named.',
            `[${index}].contractId`,
          );
        }
        try {
          saved.push((await this.save(tx, user, input)).biller);
        } catch (error) {
          if (!(error instanceof WizardFormError)) throw error;
          throw new WizardFormError(error.errors.map((e) => ({ ...e, field: `[${index}].${e.field}` })));
        }
      }
      return saved;
    });
  }

  /**
   * Remove (spec 2 §4): in modify mode the biller is marked status 3, inactive and valid (with the final bill the
   * remove screen gives); in setup it is deleted at once (force-remove). A locked or already removed biller is refused.
   */
  async remove(
    em: EntityManager,
    user: CurrentUser | null,
    billerId: number,
    finalBill: { isFinalBillExpected?: boolean | null; expectedFinalBillDate?: string | null } = {},
  ): Promise<ItemChangeOutcome> {
    const caller = requireUser(user);
    return em.transactional(async (tx) => {
      const owner = await ownerOf(tx, caller, 'biller', billerId, 'billerId');
      const version = await wizardVersion(tx, caller, owner, { write: true, lock: true, gate: this.gate });
      const biller = await this.ownBiller(tx, caller, version, billerId);
      refuseEdit(biller);
      const today = this.clock.today();
      const finalDate = checkFinalBill(finalBill.isFinalBillExpected, finalBill.expectedFinalBillDate, {
        today,
        firstBill: today,
        agreementEnd: version.endDate,
      });
      if (finalDate !== null && typeof finalDate === 'object') throw new WizardFormError([finalDate]);
      const effect = removalEffect(version.mode, biller.modificationState as ModificationState);
      if (effect.deleteRow && !(await hasHistory(tx, 'biller', billerId))) {
        await tx.execute('delete from note where entity_type = ? and entity_id = ?', [NoteEntityType.Biller, billerId]);
        await tx.execute('delete from biller where id = ?', [billerId], 'run');
        await recordModification(tx, version, { kind: 'removed', item: biller });
        return { item: null, deleted: true, message: BILLER_DELETED_MESSAGE };
      }
      await tx.execute(
        `update biller set status = ?, is_active = ?, is_valid = ?, modification_state = ?, date_removed = ?,
           is_final_bill_expected = ?, expected_final_bill_date = ?, updated_at = ? where id = ?`,
        [
          effect.status,
          effect.isActive,
          effect.isValid,
          effect.modificationState,
          today,
          finalDate !== null,
          finalDate,
          this.clock.now(),
          billerId,
        ],
        'run',
      );
      const [after] = await loadBillers(tx, { billerId });
      await recordModification(tx, version, { kind: 'removed', item: biller });
      return { item: listItemOf(after, version, today), deleted: false, message: BILLER_REMOVED_MESSAGE };
    });
  }

  /** Reinstate (spec 2 §4): a removed biller is active again, state 4 'enable'. */
  async reinstate(em: EntityManager, user: CurrentUser | null, billerId: number): Promise<ItemChangeOutcome> {
    const caller = requireUser(user);
    return em.transactional(async (tx) => {
      const owner = await ownerOf(tx, caller, 'biller', billerId, 'billerId');
      const version = await wizardVersion(tx, caller, owner, { write: true, lock: true, gate: this.gate });
      const biller = await this.ownBiller(tx, caller, version, billerId);
      if (biller.status !== 3) throw new DomainError('NOT_REMOVED', NOT_REMOVED_MESSAGE, 'billerId');
      const effect = reinstateEffect();
      await tx.execute(
        `update biller set status = ?, is_active = ?, modification_state = ?, date_removed = null, updated_at = ?
         where id = ?`,
        [effect.status, effect.isActive, effect.modificationState, this.clock.now(), billerId],
        'run',
      );
      const [after] = await loadBillers(tx, { billerId });
      await recordModification(tx, version, { kind: 'reinstated', item: after });
      return {
        item: listItemOf(after, version, this.clock.today()),
        deleted: false,
        message: BILLER_REINSTATED_MESSAGE,
      };
    });
  }

  /**
   * POST /api/billingcategories?contractId (spec 2 §4): the category picked for the next biller or sub-category of
   * the version. One assignment at a time per agreement: a second one while one runs is refused with the spec's
   * 'operation in progress please try again later' (a transaction-scoped advisory lock, so it holds across servers).
   */
  async assignCategory(
    em: EntityManager,
    user: CurrentUser | null,
    contractId: number,
    categoryId: number,
  ): Promise<{ billingCategoryId: number; category: string }> {
    const caller = requireUser(user);
    return em.transactional(async (tx) => {
      const version = await wizardVersion(tx, caller, contractId, { write: true, gate: this.gate });
      const [lock] = await tx.execute<{ ok: boolean }[]>('select pg_try_advisory_xact_lock(?, ?) as ok', [
        CATEGORY_ASSIGNMENT_LOCK,
        version.id,
      ]);
      if (!lock.ok) throw new DomainError('OPERATION_IN_PROGRESS', OPERATION_IN_PROGRESS_MESSAGE, 'billingCategoryId');
      const errors: Rejection[] = [];
      const category = await this.category(tx, categoryId, errors);
      if (category === null) throw new WizardFormError(errors);
      return { billingCategoryId: category.id, category: category.name };
    });
  }

  /** POST /api/billers/AssignAccountNumber: the next direct-debit account number (89…, then 80…). */
  async assignDirectDebitNumber(em: EntityManager): Promise<string> {
    const next = nextDirectDebitAccountNumber(await allDirectDebitNumbers(em));
    if (!next.ok) throw new DomainError(next.code, next.message, next.field);
    return next.value;
  }

  /** POST /api/billers/ValidateAccountNumber: 9 digits starting 89 or 80, held by no other biller. */
  async validateDirectDebitNumber(
    em: EntityManager,
    user: CurrentUser | null,
    accountNumber: string,
    billerId: number | null,
  ): Promise<string> {
    if (billerId !== null) await this.biller(em, user, billerId);
    const result = validateDirectDebitAccountNumber(accountNumber, await directDebitNumbersInUse(em, billerId));
    if (!result.ok) throw new DomainError(result.code, result.message, result.field);
    return result.value;
  }

  // --- helpers ---

  private async ownBiller(
    tx: EntityManager,
    caller: CurrentUser,
    version: WizardVersion,
    billerId: number,
  ): Promise<BillerView> {
    checkId(billerId, 'billerId');
    const [biller] = await loadBillers(tx, { billerId });
    if (!biller || biller.contractId !== version.id) throw notFound(caller, 'Could not find the biller.');
    return biller;
  }

  private async category(
    em: EntityManager,
    categoryId: number,
    errors: Rejection[],
  ): Promise<{ id: number; name: string } | null> {
    try {
      return await this.categories.get(em, checkId(categoryId, 'billingCategoryId'));
    } catch (error) {
      if (!(error instanceof NotFoundError) && !(error instanceof DomainError)) throw error;
      errors.push({ ok: false, code: 'INVALID_CATEGORY', field: 'billingCategoryId', message: CATEGORY_MESSAGE });
      return null;
    }
  }

  /** A company of the catalogue in the chosen category, paid in a way it accepts; none is the unknown company. */
  private async checkCompany(em: EntityManager, input: BillerInput, errors: Rejection[]): Promise<void> {
    if (input.companyId === null || input.companyId === undefined) return;
    const company = await this.companies.company(em, checkId(input.companyId, 'companyId')).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (company === null || company.billingCategoryId !== input.billingCategoryId) {
      errors.push({ ok: false, code: 'INVALID_COMPANY', field: 'companyId', message: COMPANY_MESSAGE });
      return;
    }
    const type = input.paymentType;
    if (typeof type === 'number' && type in PAYMENT_METHOD_LABELS && !company.paymentTypes.includes(type)) {
      const label = PAYMENT_METHOD_LABELS[type as PaymentMethod];
      errors.push({
        ok: false,
        code: 'PAYMENT_TYPE_NOT_ACCEPTED',
        field: 'paymentType',
        message: `${company.name} cannot be paid by ${label}.`,
      });
    }
  }

  /** A direct-debit biller keeps its number, or gets the next free one when none was given. */
  private async withDirectDebitNumber(
    tx: EntityManager,
    value: BillerFormValue,
    storedNumber: string | null,
  ): Promise<BillerFormValue> {
    if (value.paymentMethod !== PaymentMethod.DirectDebit || value.directDebitAccountNumber !== null) return value;
    const number = storedNumber ?? (await this.assignDirectDebitNumber(tx));
    return { ...value, directDebitAccountNumber: number };
  }
}

const CATEGORY_MESSAGE = 'Please choose a billing category from the list.';
const COMPANY_MESSAGE = 'Please choose a company of the chosen category, or the unknown company.';

function refuseEdit(item: { status: number; isLocked: boolean }): void {
  const refusal = editRefusal({ status: item.status, isLocked: item.isLocked });
  if (refusal) throw new DomainError(refusal.code, refusal.message, 'billerId');
}

function contractFields(biller: BillerView) {
  return {
    expectedBillValue: biller.expectedBillValue,
    billingFrequency: biller.billingFrequency,
    isSeasonBill: biller.isSeasonBill,
    peakValueOfBill: biller.peakValueOfBill,
    offPeakValueOfBill: biller.offPeakValueOfBill,
    dateOfBill: biller.dateOfBill,
    secondDateOfBill: biller.biMonthly2ndDate,
    doesAmountVary: biller.doesAmountVaryFromBillToBill,
    overdueOption: null,
  };
}

interface StoredPaymentFields {
  nickname: string;
  paymentMethod: number;
  bpayBillerCode: string | null;
  customerReferenceNumber: string | null;
  bsbNumber: string | null;
  eftAccountNumber: string | null;
  eftAccountName: string | null;
  eftReferenceNumber: string | null;
  directDebitAccountNumber: string | null;
}

function paymentFields(value: BillerFormValue): StoredPaymentFields {
  return {
    nickname: value.nickname,
    paymentMethod: value.paymentMethod,
    bpayBillerCode: value.bpayBillerCode,
    customerReferenceNumber: value.customerReferenceNumber,
    bsbNumber: value.bsbNumber,
    eftAccountNumber: value.eftAccountNumber,
    eftAccountName: value.eftAccountName,
    eftReferenceNumber: value.eftReferenceNumber,
    directDebitAccountNumber: value.directDebitAccountNumber,
  };
}

async function storedPaymentFields(em: EntityManager, billerId: number): Promise<StoredPaymentFields> {
  const [row] = await em.execute<Record<string, unknown>[]>(
    `select nickname, payment_method, bpay_biller_code, customer_reference_number, trim(bsb_number) as bsb_number,
       eft_account_number, eft_account_name, eft_reference_number, trim(direct_debit_account_number) as dd
     from biller where id = ?`,
    [billerId],
  );
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    nickname: String(row.nickname),
    paymentMethod: Number(row.payment_method),
    bpayBillerCode: text(row.bpay_biller_code),
    customerReferenceNumber: text(row.customer_reference_number),
    bsbNumber: text(row.bsb_number),
    eftAccountNumber: text(row.eft_account_number),
    eftAccountName: text(row.eft_account_name),
    eftReferenceNumber: text(row.eft_reference_number),
    directDebitAccountNumber: text(row.dd),
  };
}

async function allDirectDebitNumbers(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ n: string }[]>(
    'select distinct trim(direct_debit_account_number) as n from biller where direct_debit_account_number is not null',
  );
  return rows.map((row) => row.n);
}

/** Numbers held by other billers: every biller's but this one's and its previous versions' (they share it). */
async function directDebitNumbersInUse(em: EntityManager, billerId: number | null): Promise<string[]> {
  const rows = await em.execute<{ n: string }[]>(
    `with recursive chain(id, previous_id) as (
       select id, previous_id from biller where id = ?
       union all select p.id, p.previous_id from biller p join chain c on p.id = c.previous_id
     )
     select distinct trim(direct_debit_account_number) as n from biller
     where direct_debit_account_number is not null and id not in (select id from chain)`,
    [billerId ?? 0],
  );
  return rows.map((row) => row.n);
}

/** Bills or activities name it: it cannot be deleted, only marked removed. */
async function hasHistory(em: EntityManager, table: 'biller' | 'billing_sub_category', id: number): Promise<boolean> {
  const column = table === 'biller' ? 'biller_id' : 'billing_sub_category_id';
  const activity = table === 'biller' ? ' union all select 1 from activity where biller_id = ?' : '';
  const rows = await em.execute(
    `select 1 from bill where ${column} = ?${activity} limit 1`,
    table === 'biller' ? [id, id] : [id],
  );
  return rows.length > 0;
}

async function writeBiller(
  tx: EntityManager,
  version: WizardVersion,
  input: BillerInput,
  value: BillerFormValue,
  existing: BillerView | null,
  today: LocalDate,
): Promise<number> {
  const columns: Record<string, unknown> = {
    billing_category_id: input.billingCategoryId,
    company_id: input.companyId ?? null,
    nickname: value.nickname,
    modification_state: stateAfterSave(existing ? (existing.modificationState as ModificationState) : null),
    payment_method: value.paymentMethod,
    bpay_biller_code: value.bpayBillerCode,
    bpay_biller_name: value.bpayBillerName,
    customer_reference_number: value.customerReferenceNumber,
    bsb_number: value.bsbNumber,
    bsb_bank_name: value.bsbBankName,
    eft_account_number: value.eftAccountNumber,
    eft_account_name: value.eftAccountName,
    eft_reference_number: value.eftReferenceNumber,
    direct_debit_account_number: value.directDebitAccountNumber,
    expected_bill_value: toDecimalString(value.expectedBillValue),
    billing_frequency: value.billingFrequency,
    date_of_bill: value.dateOfBill,
    second_date_of_bill: value.secondDateOfBill,
    second_day_of_month: value.secondDayOfMonth,
    is_exact_date_of_bill_known: value.isExactDateOfBillKnown,
    does_amount_vary: value.doesAmountVary,
    is_auto_payment: value.isAutoPayment,
    is_notification_enabled: value.isNotificationEnabled,
    is_final_bill_expected: value.isFinalBillExpected,
    expected_final_bill_date: value.expectedFinalBillDate,
    is_season_bill: value.isSeasonBill,
    peak_months: value.peakMonths,
    peak_value_of_bill: value.peakValueOfBill === null ? null : toDecimalString(value.peakValueOfBill),
    off_peak_value_of_bill: value.offPeakValueOfBill === null ? null : toDecimalString(value.offPeakValueOfBill),
    overdue_option: value.overdueOption,
  };
  // Money goes in as exact decimal text.
  const names = Object.keys(columns);
  const params = Object.values(columns);
  if (existing) {
    await tx.execute(
      `update biller set ${names.map((name) => `"${name}" = ?`).join(', ')}, updated_at = now() where id = ?`,
      [...params, existing.id],
      'run',
    );
    return existing.id;
  }
  const [row] = await tx.execute<{ id: number }[]>(
    `insert into biller (agreement_id, date_added, ${names.map((n) => `"${n}"`).join(', ')})
     values (?, ?, ${names.map(() => '?').join(', ')}) returning id`,
    [version.id, today, ...params],
  );
  return Number(row.id);
}

async function writeNote(
  tx: EntityManager,
  caller: CurrentUser,
  agreementId: number,
  billerId: number,
  text: string,
  now: Date,
): Promise<void> {
  await tx.execute(
    `insert into note (entity_type, entity_id, agreement_id, text, created_by_name, created_by_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?)`,
    [NoteEntityType.Biller, billerId, agreementId, text, caller.displayName, caller.userId, now],
    'run',
  );
}

/** The remove screen of a biller or sub-category: its next bill after today, and the final bill proposed. */
export function removalInfo(
  item: { id: number; isLocked: boolean },
  type: BillingSourceItemType,
  version: WizardVersion,
  today: LocalDate,
  schedule: {
    frequency: number;
    dateOfBill: LocalDate;
    secondDateOfBill: LocalDate | null;
    finalBillDate: LocalDate | null;
  },
): RemovalInfoView {
  let next: LocalDate | null = null;
  let loadError = false;
  try {
    next =
      nextOccurrence(
        { ...schedule, frequency: schedule.frequency as BillingFrequency },
        { start: version.startDate, end: version.endDate },
        addDays(today, -1),
      )?.date ?? null;
  } catch (error) {
    if (!(error instanceof BillScheduleError)) throw error;
    loadError = true;
  }
  return {
    id: item.id,
    type,
    nextTransactionDate: next,
    expectedFinalBillDate: schedule.finalBillDate ?? next,
    latestFinalBillDate: version.endDate,
    isLocked: item.isLocked,
    loadError,
  };
}
