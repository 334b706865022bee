import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../../common/auth/access.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import type { Clock } from '../../../shared/clock.js';
import { DomainError } from '../../../shared/errors.js';
import { wizardVersion } from '../wizard/wizard-version.js';
import { NoteEntityType } from '../../../shared/note/note-entity-type.js';
import type { NoteService } from '../../note/index.js';
import type { SettingsService } from '../../settings/index.js';
import type { AgreementWizardService } from '../wizard/wizard.service.js';
import {
  capacityChanged,
  capacityNoteText,
  checkedAnswers,
  capacityQuestions,
  checkCapacity,
  type CapacityInput,
} from './capacity.rules.js';
import { refuseIfAny } from './completion-errors.js';
import type { CapacityView } from './capacity.types.js';

/**
 * The capacity-to-pay step (Create step 5, spec 3 §2, §4, §5): the agent confirms the member can pay the deposits
 * (stored on the agreement version, `payment_capacity_confirmed`), and may type a note, added to the agreement as a
 * contract note, and ticks the checklist questions of the client settings (stored by their text, shown again when
 * the step reopens). The model is written only when it changed; the note whenever one is typed; both in one
 * transaction.
 */
export class CapacityService {
  constructor(
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly wizard: AgreementWizardService,
    private readonly notes: NoteService,
  ) {}

  /** GET /api/contracts?contractId&isCapacity: the version's confirmation and the step's texts. */
  async get(em: EntityManager, user: CurrentUser | null, contractId: number): Promise<CapacityView> {
    const version = await wizardVersion(em, user, contractId);
    return this.view(em, version.id);
  }

  /** PUT /api/contracts?isCapacity=true: every refusal at once, nothing written then. */
  async save(
    em: EntityManager,
    user: CurrentUser | null,
    input: CapacityInput,
  ): Promise<{ capacity: CapacityView; saved: boolean; noteId: number | null }> {
    const caller = requireUser(user);
    if (typeof input.paymentCapacityConfirmed !== 'boolean') {
      throw new DomainError(
        'INVALID_FIELD',
        'paymentCapacityConfirmed must be true or false.',
        'paymentCapacityConfirmed',
      );
    }
    if (input.newNoteText !== undefined && input.newNoteText !== null && typeof input.newNoteText !== 'string') {
      throw new DomainError('INVALID_FIELD', 'newNoteText must be text.', 'newNoteText');
    }
    const checked = input.checkedQuestions;
    if (
      checked !== undefined &&
      checked !== null &&
      (!Array.isArray(checked) || checked.some((question) => typeof question !== 'string'))
    ) {
      throw new DomainError('INVALID_FIELD', 'checkedQuestions must be a list of texts.', 'checkedQuestions');
    }
    // Who may see it and whether it is open in the wizard, before anything the body says.
    await wizardVersion(em, caller, input.contractId);
    await this.wizard.openForEditing(em, caller, input.contractId);
    const settings = await this.settings.clientSettings(em);
    const questions = capacityQuestions(settings);
    refuseIfAny(checkCapacity(input, settings.capacityToPayWarning, questions));
    const note = capacityNoteText(input);
    const outcome = await em.transactional(async (tx) => {
      const [row] = await tx.execute<{ payment_capacity_confirmed: boolean; checked: string[] | null }[]>(
        'select payment_capacity_confirmed, capacity_checked_questions as checked from agreement where id = ? for update',
        [input.contractId],
      );
      const stored = {
        paymentCapacityConfirmed: row.payment_capacity_confirmed === true,
        checkedQuestions: row.checked ?? [],
      };
      const saved = capacityChanged(stored, input, questions);
      if (saved) {
        const answers = checked ? checkedAnswers(checked, questions) : (row.checked ?? []);
        await tx.execute(
          'update agreement set payment_capacity_confirmed = ?, capacity_checked_questions = ?::jsonb, updated_at = ? where id = ?',
          [input.paymentCapacityConfirmed, JSON.stringify(answers), this.clock.now(), input.contractId],
          'run',
        );
      }
      const noteId =
        note === null
          ? null
          : await this.notes.addWithin(tx, caller, {
              entityType: NoteEntityType.Contract,
              entityId: input.contractId,
              text: note,
            });
      return { saved, noteId };
    });
    return { capacity: await this.view(em, input.contractId), ...outcome };
  }

  private async view(em: EntityManager, contractId: number): Promise<CapacityView> {
    const [row] = await em.execute<{ payment_capacity_confirmed: boolean; checked: string[] | null }[]>(
      'select payment_capacity_confirmed, capacity_checked_questions as checked from agreement where id = ?',
      [contractId],
    );
    const settings = await this.settings.clientSettings(em);
    const questions = capacityQuestions(settings);
    return {
      checkedQuestions: checkedAnswers(row?.checked ?? [], questions),
      contractId,
      paymentCapacityConfirmed: row?.payment_capacity_confirmed === true,
      confirmationText: settings.capacityToPayWording,
      warning: settings.capacityToPayWarning,
      questions: capacityQuestions(settings),
    };
  }
}
