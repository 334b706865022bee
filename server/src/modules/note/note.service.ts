import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { Role, actsAsStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { ActivityType, writeActivity } from '../activity/index.js';
import { NoteEntityType } from '../../shared/note/note-entity-type.js';
import { entityNotes, noteById } from './note.queries.js';
import {
  checkNoteText,
  NOTE_MESSAGES,
  notableEntityType,
  noteActivityDetails,
  noteDeletedDetails,
  noteEditedDetails,
} from '../../shared/note/note.rules.js';
import type { NoteView } from './note.types.js';

export interface AddNoteRequest {
  /** Contract, Biller or BillingSubCategory (the REST name, any case). */
  entityType: string;
  entityId: number;
  text: string;
  /** When true, no "Note added" activity is written. */
  isLogActivityDisabled?: boolean | null;
}

interface LockedNote {
  text: string;
  entityType: NoteEntityType;
  entityId: number;
  /** Added with isLogActivityDisabled: its edits and deletion are not logged either (the audit keeps them). */
  quiet: boolean;
}

interface Target {
  agreementId: number;
  accountId: number;
  billerId: number | null;
}

const TARGET_SQL: Readonly<Record<number, string>> = {
  [NoteEntityType.Contract]:
    'select g.id as agreement_id, g.account_id, null as biller_id from agreement g where g.id = ?',
  [NoteEntityType.Biller]: `select g.id as agreement_id, g.account_id, b.id as biller_id from biller b
    join agreement g on g.id = b.agreement_id where b.id = ?`,
  [NoteEntityType.BillingSubCategory]: `select g.id as agreement_id, g.account_id, null as biller_id
    from billing_sub_category s join agreement g on g.id = s.agreement_id where s.id = ?`,
};

function assertStaff(user: CurrentUser | null): CurrentUser {
  const caller = requireUser(user);
  if (!actsAsStaff(caller.roles)) throw new ForbiddenError();
  return caller;
}

function assertReader(user: CurrentUser | null): CurrentUser {
  const caller = requireUser(user);
  if (!caller.roles.some((role) => role !== Role.MEMBER)) throw new ForbiddenError();
  return caller;
}

/**
 * Staff notes on agreements, billers and sub-categories (spec 1 §3, §6; 3 §3): staff add, edit and delete them,
 * staff and reporters read them, members never. Who and when are recorded on the note; every change is written
 * to the audit record with the text before it, in the same transaction. Adding one writes activity 11 unless
 * `isLogActivityDisabled`; the history is append-only (issue 26 item 6): an edit writes activity 37 with the text
 * before and after, a deletion activity 38 with the text, and 'Note added' stays as it was.
 */
export class NoteService {
  constructor(private readonly clock: Clock) {}

  async get(em: EntityManager, user: CurrentUser | null, noteId: number): Promise<NoteView> {
    assertReader(user);
    const note = await noteById(em, noteId);
    if (!note) throw new NotFoundError(NOTE_MESSAGES.notFound);
    return note;
  }

  async list(em: EntityManager, user: CurrentUser | null, entityType: NoteEntityType, entityId: number) {
    assertReader(user);
    return entityNotes(em, entityType, entityId);
  }

  async add(em: EntityManager, maybeUser: CurrentUser | null, request: AddNoteRequest): Promise<NoteView> {
    const user = assertStaff(maybeUser);
    const entityType = notableEntityType(request.entityType);
    const text = checkNoteText(request.text);
    const quiet = request.isLogActivityDisabled === true;
    const id = await em.fork().transactional((tx) => this.insert(tx, user, entityType, request.entityId, text, quiet));
    return this.get(em, user, id);
  }

  /**
   * Adds a note inside the caller's transaction (a step that writes a note with its own change, as the capacity
   * step does): the same rows, activity and audit as `add`. The caller has checked the text and the role.
   */
  async addWithin(
    tx: EntityManager,
    maybeUser: CurrentUser | null,
    request: { entityType: NoteEntityType; entityId: number; text: string; isLogActivityDisabled?: boolean | null },
  ): Promise<number> {
    const user = assertStaff(maybeUser);
    return this.insert(
      tx,
      user,
      request.entityType,
      request.entityId,
      checkNoteText(request.text),
      request.isLogActivityDisabled === true,
    );
  }

  private async insert(
    tx: EntityManager,
    user: CurrentUser,
    entityType: NoteEntityType,
    entityId: number,
    text: string,
    quiet: boolean,
  ): Promise<number> {
    const now = this.clock.now();
    const target = await this.target(tx, entityType, entityId);
    const [row] = await tx.execute<{ id: number }[]>(
      `insert into note (entity_type, entity_id, agreement_id, text, created_at, created_by_name, created_by_id,
           is_log_activity_disabled) values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [entityType, entityId, target.agreementId, text, now, user.displayName.slice(0, 120), user.userId, quiet],
    );
    const noteId = Number(row.id);
    if (!quiet) {
      await writeActivity(tx, {
        type: ActivityType.NoteAdded,
        accountId: target.accountId,
        agreementId: target.agreementId,
        billerId: target.billerId,
        details: noteActivityDetails(text),
        notes: text,
        data: { noteId },
        agentName: user.displayName,
        userId: user.userId,
        occurredAt: now,
      });
    }
    await this.audit(tx, user, 'addNote', noteId, now, { entityType, entityId: entityId, text }, {});
    return noteId;
  }

  async edit(em: EntityManager, maybeUser: CurrentUser | null, noteId: number, newText: string): Promise<NoteView> {
    const user = assertStaff(maybeUser);
    const text = checkNoteText(newText);
    const now = this.clock.now();
    await em.fork().transactional(async (tx) => {
      const previous = await this.lockNote(tx, noteId);
      await tx.execute('update note set text = ?, updated_at = ? where id = ?', [text, now, noteId], 'run');
      // The history is append-only: 'Note added' keeps the text it was added with; the edit is its own activity.
      await this.record(tx, user, previous, ActivityType.NoteEdited, now, {
        details: noteEditedDetails(previous.text, text),
        notes: text,
        data: { noteId, previousText: previous.text, text },
      });
      await this.audit(tx, user, 'editNote', noteId, now, { text }, { previousText: previous.text });
    });
    return this.get(em, user, noteId);
  }

  /** Deletes a note; answers it as it was. Its activities stay, and a new one keeps its text. */
  async remove(em: EntityManager, maybeUser: CurrentUser | null, noteId: number): Promise<NoteView> {
    const user = assertStaff(maybeUser);
    const before = await this.get(em, user, noteId);
    const now = this.clock.now();
    await em.fork().transactional(async (tx) => {
      const previous = await this.lockNote(tx, noteId);
      await this.record(tx, user, previous, ActivityType.NoteDeleted, now, {
        details: noteDeletedDetails(previous.text),
        notes: previous.text,
        data: { noteId, deletedText: previous.text },
      });
      await tx.execute('delete from note where id = ?', [noteId], 'run');
      await this.audit(tx, user, 'deleteNote', noteId, now, {}, { previousText: previous.text, ...before });
    });
    return before;
  }

  /** An edit's or a deletion's activity, for a note whose adding was logged (isLogActivityDisabled: none). */
  private async record(
    tx: EntityManager,
    user: CurrentUser,
    note: LockedNote,
    type: ActivityType,
    now: Date,
    words: { details: string; notes: string; data: Record<string, unknown> },
  ): Promise<void> {
    if (note.quiet) return;
    const target = await this.target(tx, note.entityType, note.entityId);
    await writeActivity(tx, {
      type,
      accountId: target.accountId,
      agreementId: target.agreementId,
      billerId: target.billerId,
      ...words,
      agentName: user.displayName,
      userId: user.userId,
      occurredAt: now,
    });
  }

  private async target(tx: EntityManager, type: NoteEntityType, entityId: number): Promise<Target> {
    const [row] = await tx.execute<{ agreement_id: number; account_id: number; biller_id: number | null }[]>(
      TARGET_SQL[type],
      [entityId],
    );
    if (!row) throw new NotFoundError(NOTE_MESSAGES.targetNotFound(type));
    return {
      agreementId: Number(row.agreement_id),
      accountId: Number(row.account_id),
      billerId: row.biller_id === null ? null : Number(row.biller_id),
    };
  }

  private async lockNote(tx: EntityManager, noteId: number): Promise<LockedNote> {
    const [row] = await tx.execute<
      { text: string; entity_type: number; entity_id: number; is_log_activity_disabled: boolean }[]
    >('select text, entity_type, entity_id, is_log_activity_disabled from note where id = ? for update', [noteId]);
    if (!row) throw new NotFoundError(NOTE_MESSAGES.notFound);
    return {
      text: row.text,
      entityType: Number(row.entity_type) as NoteEntityType,
      entityId: Number(row.entity_id),
      quiet: row.is_log_activity_disabled === true,
    };
  }

  /** The audit record keeps every version of the text: the new one in `request`, the earlier one in `response`. */
  private async audit(
    tx: EntityManager,
    user: CurrentUser,
    action: 'addNote' | 'editNote' | 'deleteNote',
    noteId: number,
    now: Date,
    request: Record<string, unknown>,
    response: Record<string, unknown>,
  ): Promise<void> {
    await tx.execute(
      `insert into audit_record (occurred_at, user_id, action, entity_type, entity_id, idempotency_key, request, response)
       values (?, ?, ?, 'note', ?, ?, ?, ?)`,
      [
        now,
        user.userId,
        action,
        noteId,
        `${action}:${noteId}:${now.toISOString()}`,
        JSON.stringify(request),
        JSON.stringify(response),
      ],
      'run',
    );
  }
}
