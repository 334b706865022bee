import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, NotFoundError } from '../../shared/errors.js';
import type { LocalDate } from '../../shared/local-date.js';
import { toDecimalString } from '../../shared/money.js';
import type { Rejection } from '../../shared/validation/index.js';
import { BillingSourceItemType, ModificationState } from '../../shared/biller/biller-codes.js';
import {
  editRefusal,
  listItemOf,
  loadSubCategories,
  NOT_REMOVED_MESSAGE,
  recordModification,
  reinstateEffect,
  removalEffect,
  removalInfo,
  stateAfterSave,
  subCategoryChangesContract,
  WizardFormError,
  type ItemChangeOutcome,
  type RemovalInfoView,
  type SubCategoryInput,
  type SubCategoryView,
} from '../biller/index.js';
import { checkId, notFound, ownerOf, type WizardGate, wizardVersion, type WizardVersion } from '../agreement/index.js';
import type { BillingCategoryService } from './billing-category.service.js';
import { checkSubCategoryForm } from './sub-category-form.rules.js';

/** Ours (spec 2 §8 words the biller's messages only). */
export const SUB_CATEGORY_MESSAGES = {
  removed:
    'The sub-category has been successfully removed from this agreement. You may reinstate it by clicking the reinstate button on the sub-category.',
  /** In setup the sub-category is deleted: nothing to reinstate. */
  deleted: 'The sub-category has been successfully removed from this agreement.',
  reinstated: 'The sub-category has been successfully reinstated in this agreement.',
  saved: 'The sub-category has been successfully saved in this agreement.',
  category: 'Please choose a billing category from the list.',
} as const;

export interface SubCategorySaveOutcome {
  subCategory: SubCategoryView;
  depositsStepNeeded: boolean;
  message: string | null;
}

/**
 * The wizard's billing sub-categories (spec 2 §3-§5, §7): read, save (create or edit), remove and reinstate, with
 * the same version rules as billers (modules/agreement/wizard/wizard-version.ts) and the sub-category form's rules.
 */
export class SubCategoryService {
  constructor(
    private readonly clock: Clock,
    private readonly categories: BillingCategoryService,
    private readonly gate?: WizardGate,
  ) {}

  async get(em: EntityManager, user: CurrentUser | null, id: number): Promise<SubCategoryView> {
    await wizardVersion(em, user, await ownerOf(em, user, 'billing_sub_category', id, 'billingSubCategoryId'));
    const [sub] = await loadSubCategories(em, { subCategoryId: id });
    if (!sub) throw new NotFoundError('Could not find the sub-category.');
    return sub;
  }

  async list(em: EntityManager, user: CurrentUser | null, contractId: number): Promise<SubCategoryView[]> {
    const version = await wizardVersion(em, user, contractId);
    return loadSubCategories(em, { agreementId: version.id });
  }

  async removal(em: EntityManager, user: CurrentUser | null, id: number): Promise<RemovalInfoView> {
    const sub = await this.get(em, user, id);
    const version = await wizardVersion(em, user, sub.contractId);
    return removalInfo(sub, BillingSourceItemType.SubCategory, version, this.clock.today(), {
      frequency: sub.billingFrequency,
      dateOfBill: sub.dateOfBill,
      secondDateOfBill: sub.biMonthly2ndDate,
      finalBillDate: null,
    });
  }

  async save(
    em: EntityManager,
    user: CurrentUser | null,
    input: SubCategoryInput,
    accountId?: number,
  ): Promise<SubCategorySaveOutcome> {
    const caller = requireUser(user);
    return em.transactional(async (tx) => {
      const version = await wizardVersion(tx, caller, input.contractId, { write: true, lock: true, gate: this.gate });
      if (accountId !== undefined && version.accountId !== accountId) {
        throw notFound(caller, 'Could not load contract');
      }
      const existing = input.billingSubCategoryId
        ? await this.own(tx, caller, version, input.billingSubCategoryId)
        : null;
      if (existing) refuseEdit(existing);
      const errors: Rejection[] = [];
      const category = await this.categories
        .get(tx, checkId(input.billingCategoryId, 'billingCategoryId'))
        .catch((error: unknown) => {
          if (error instanceof NotFoundError) return null;
          throw error;
        });
      if (category === null) {
        errors.push({
          ok: false,
          code: 'INVALID_CATEGORY',
          field: 'billingCategoryId',
          message: SUB_CATEGORY_MESSAGES.category,
        });
      }
      const form = checkSubCategoryForm(
        {
          ...input,
          nickname: input.nickname,
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
                expectedFinalBillDate: null,
                expectedBillValue: existing.expectedBillValue,
              }
            : null,
        },
      );
      if (!form.ok) errors.push(...form.errors);
      if (!form.ok || errors.length > 0) throw new WizardFormError(errors);
      const value = form.value;
      const columns: Record<string, unknown> = {
        billing_category_id: input.billingCategoryId,
        nickname: value.nickname,
        expected_bill_value: toDecimalString(value.expectedBillValue),
        billing_frequency: value.billingFrequency,
        date_of_bill: value.dateOfBill,
        second_date_of_bill: value.secondDateOfBill,
        is_exact_date_of_bill_known: value.isExactDateOfBillKnown,
        overdue_option: value.overdueOption,
        modification_state: stateAfterSave(existing ? (existing.modificationState as ModificationState) : null),
      };
      const names = Object.keys(columns);
      let id: number;
      if (existing) {
        await tx.execute(
          `update billing_sub_category set ${names.map((n) => `"${n}" = ?`).join(', ')} where id = ?`,
          [...Object.values(columns), existing.id],
          'run',
        );
        id = existing.id;
      } else {
        const [row] = await tx.execute<{ id: number }[]>(
          `insert into billing_sub_category (agreement_id, date_added, ${names.map((n) => `"${n}"`).join(', ')})
           values (?, ?, ${names.map(() => '?').join(', ')}) returning id`,
          [version.id, this.clock.today(), ...Object.values(columns)],
        );
        id = Number(row.id);
      }
      const [saved] = await loadSubCategories(tx, { subCategoryId: id });
      await recordModification(
        tx,
        version,
        existing ? { kind: 'edited', before: existing, after: saved } : { kind: 'added', item: saved },
      );
      const fields = (s: SubCategoryView) => ({
        expectedBillValue: s.expectedBillValue,
        billingFrequency: s.billingFrequency,
        dateOfBill: s.dateOfBill,
        secondDateOfBill: s.biMonthly2ndDate,
      });
      const changed = subCategoryChangesContract(
        existing ? 'edit' : 'new',
        existing ? fields(existing) : null,
        fields(saved),
      );
      return { subCategory: saved, depositsStepNeeded: changed, message: changed ? null : SUB_CATEGORY_MESSAGES.saved };
    });
  }

  /** PUT /api/billingsubcategories/{contractId}/{accountId}: the version's sub-categories saved together, or none. */
  async saveMany(
    em: EntityManager,
    user: CurrentUser | null,
    contractId: number,
    accountId: number,
    inputs: readonly SubCategoryInput[],
  ): Promise<SubCategoryView[]> {
    return em.transactional(async (tx) => {
      const saved: SubCategoryView[] = [];
      for (const [index, input] of inputs.entries()) {
        try {
          saved.push((await this.save(tx, user, { ...input, contractId }, accountId)).subCategory);
        } catch (error) {
          if (!(error instanceof WizardFormError)) throw error;
          throw new WizardFormError(error.errors.map((e) => ({ ...e, field: `[${index}].${e.field}` })));
        }
      }
      return saved;
    });
  }

  async remove(em: EntityManager, user: CurrentUser | null, id: number): Promise<ItemChangeOutcome> {
    const caller = requireUser(user);
    return em.transactional(async (tx) => {
      const owner = await ownerOf(tx, caller, 'billing_sub_category', id, 'billingSubCategoryId');
      const version = await wizardVersion(tx, caller, owner, { write: true, lock: true, gate: this.gate });
      const sub = await this.own(tx, caller, version, id);
      refuseEdit(sub);
      const effect = removalEffect(version.mode, sub.modificationState as ModificationState);
      const used = await tx.execute(
        'select 1 from bill where billing_sub_category_id = ? union all select 1 from biller where billing_sub_category_id = ? limit 1',
        [id, id],
      );
      if (effect.deleteRow && used.length === 0) {
        await tx.execute('delete from billing_sub_category where id = ?', [id], 'run');
        await recordModification(tx, version, { kind: 'removed', item: sub });
        return { item: null, deleted: true, message: SUB_CATEGORY_MESSAGES.deleted };
      }
      await tx.execute(
        'update billing_sub_category set status = ?, modification_state = ?, date_removed = ? where id = ?',
        [effect.status, effect.modificationState, this.clock.today(), id],
        'run',
      );
      const [after] = await loadSubCategories(tx, { subCategoryId: id });
      await recordModification(tx, version, { kind: 'removed', item: sub });
      return {
        item: listItemOf(after, version, this.clock.today()),
        deleted: false,
        message: SUB_CATEGORY_MESSAGES.removed,
      };
    });
  }

  async reinstate(em: EntityManager, user: CurrentUser | null, id: number): Promise<ItemChangeOutcome> {
    const caller = requireUser(user);
    return em.transactional(async (tx) => {
      const owner = await ownerOf(tx, caller, 'billing_sub_category', id, 'billingSubCategoryId');
      const version = await wizardVersion(tx, caller, owner, { write: true, lock: true, gate: this.gate });
      const sub = await this.own(tx, caller, version, id);
      if (sub.status !== 3) throw new DomainError('NOT_REMOVED', NOT_REMOVED_MESSAGE, 'billingSubCategoryId');
      const effect = reinstateEffect();
      await tx.execute(
        'update billing_sub_category set status = ?, modification_state = ?, date_removed = null where id = ?',
        [effect.status, effect.modificationState, id],
        'run',
      );
      const [after] = await loadSubCategories(tx, { subCategoryId: id });
      await recordModification(tx, version, { kind: 'reinstated', item: after });
      return {
        item: listItemOf(after, version, this.clock.today()),
        deleted: false,
        message: SUB_CATEGORY_MESSAGES.reinstated,
      };
    });
  }

  /** GET /api/billingsubcategories/getdateofcreation?id. */
  async dateOfCreation(em: EntityManager, user: CurrentUser | null, id: number): Promise<LocalDate> {
    return (await this.get(em, user, id)).dateOfCreation;
  }

  private async own(
    tx: EntityManager,
    caller: CurrentUser,
    version: WizardVersion,
    id: number,
  ): Promise<SubCategoryView> {
    checkId(id, 'billingSubCategoryId');
    const [sub] = await loadSubCategories(tx, { subCategoryId: id });
    if (!sub || sub.contractId !== version.id) throw notFound(caller, 'Could not find the sub-category.');
    return sub;
  }
}

function refuseEdit(item: { status: number; isLocked: boolean }): void {
  const refusal = editRefusal({ status: item.status, isLocked: item.isLocked });
  if (refusal) throw new DomainError(refusal.code, refusal.message, 'billingSubCategoryId');
}
