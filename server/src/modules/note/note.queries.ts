import type { EntityManager } from '@mikro-orm/postgresql';
import { instantOf } from '../../database/row-values.js';
import { NOTE_ENTITY_TYPE_NAMES, type NoteEntityType } from '../../shared/note/note-entity-type.js';
import type { NoteView } from './note.types.js';

type NoteRow = {
  id: number;
  text: string;
  created_at: Date | string;
  created_by_name: string;
  entity_id: number;
  entity_type: number;
  is_log_activity_disabled: boolean;
  updated_at: Date | string | null;
};

function noteView(row: NoteRow): NoteView {
  return {
    noteId: Number(row.id),
    text: row.text,
    dateCreated: instantOf(row.created_at),
    createdBy: row.created_by_name,
    entityId: Number(row.entity_id),
    entityType: NOTE_ENTITY_TYPE_NAMES[Number(row.entity_type) as NoteEntityType] ?? 'Unknown',
    isLogActivityDisabled: row.is_log_activity_disabled,
    dateUpdated: row.updated_at === null ? null : instantOf(row.updated_at),
  };
}

const NOTE_COLUMNS =
  'n.id, n.text, n.created_at, n.created_by_name, n.entity_id, n.entity_type, n.is_log_activity_disabled, n.updated_at';

/** The notes of every version of an account's agreements, newest first (one statement). */
export async function accountAgreementNotes(em: EntityManager, accountId: number): Promise<NoteView[]> {
  const rows = await em.execute<NoteRow[]>(
    `select ${NOTE_COLUMNS} from note n join agreement g on g.id = n.agreement_id
     where g.account_id = ? order by n.created_at desc, n.id desc`,
    [accountId],
  );
  return rows.map(noteView);
}

/** The notes attached to one entity (GET /api/notes?entityId&entityType), newest first. */
export async function entityNotes(
  em: EntityManager,
  entityType: NoteEntityType,
  entityId: number,
): Promise<NoteView[]> {
  const rows = await em.execute<NoteRow[]>(
    `select ${NOTE_COLUMNS} from note n where n.entity_type = ? and n.entity_id = ? order by n.created_at desc, n.id desc`,
    [entityType, entityId],
  );
  return rows.map(noteView);
}

export const NOTE_LIST_DEFAULT_PAGE_SIZE = 100;
export const NOTE_LIST_MAX_PAGE_SIZE = 500;

/** Every note, newest first, a page at a time (GET /api/notes without parameters), with the total count. */
export async function recentNotes(
  em: EntityManager,
  page: number,
  pageSize: number,
): Promise<{ notes: NoteView[]; total: number }> {
  const size = Math.min(Math.max(pageSize, 1), NOTE_LIST_MAX_PAGE_SIZE);
  const rows = await em.execute<(NoteRow & { total: string })[]>(
    `select ${NOTE_COLUMNS}, count(*) over () as total from note n
     order by n.created_at desc, n.id desc limit ? offset ?`,
    [size, (Math.max(page, 1) - 1) * size],
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page > 1) {
    const [count] = await em.execute<{ total: string }[]>('select count(*) as total from note');
    total = Number(count.total);
  }
  return { notes: rows.map(noteView), total };
}

/** One note (GET /api/notes/{id}), or null. */
export async function noteById(em: EntityManager, noteId: number): Promise<NoteView | null> {
  const rows = await em.execute<NoteRow[]>(`select ${NOTE_COLUMNS} from note n where n.id = ?`, [noteId]);
  return rows[0] ? noteView(rows[0]) : null;
}
