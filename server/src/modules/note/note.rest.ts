import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import { DomainError } from '../../common/errors.js';
import { idParam, route } from '../../rest/route.js';
import { NOTE_ENTITY_TYPE_NAMES, parseNoteEntityType } from './note-entity-type.js';
import { entityNotes, NOTE_LIST_DEFAULT_PAGE_SIZE, recentNotes } from './note.queries.js';
import { NoteView } from './note.types.js';

function first(value: unknown): string | undefined {
  const item = Array.isArray(value) ? value[0] : value;
  return typeof item === 'string' ? item : undefined;
}

/** An optional whole number of the query string (`fallback` when absent). */
function countParam(value: unknown, name: string, fallback: number): number {
  const text = first(value);
  if (text === undefined || text === '') return fallback;
  if (!/^\d{1,6}$/.test(text)) throw new DomainError('INVALID_NUMBER', `${name} must be a whole number.`, name);
  return Number(text);
}

/**
 * GET /api/notes (1 §7), staff only (notes are never shown to members). With entityId and entityType: that
 * entity's notes. Without either: every note, newest first, a page at a time (`page`, `pageSize`: 1 and 100 by
 * default, at most 500), the total in `X-Total-Count`. One of the two without the other is refused.
 */
export const noteRoutes = [
  route('get', '/api/notes', STAFF_AND_REPORTER_ROLES, [NoteView], async ({ em, req, res }) => {
    if (first(req.query.entityId) === undefined && first(req.query.entityType) === undefined) {
      const page = countParam(req.query.page, 'page', 1);
      const { notes, total } = await recentNotes(
        em,
        page,
        countParam(req.query.pageSize, 'pageSize', NOTE_LIST_DEFAULT_PAGE_SIZE),
      );
      res.set('X-Total-Count', String(total));
      return notes;
    }
    const entityType = parseNoteEntityType(first(req.query.entityType) ?? '');
    if (entityType === undefined) {
      throw new DomainError(
        'INVALID_ENTITY_TYPE',
        `entityType must be one of ${Object.values(NOTE_ENTITY_TYPE_NAMES).join(', ')}.`,
        'entityType',
      );
    }
    return entityNotes(em, entityType, idParam(req.query.entityId, 'entityId'));
  }),
];
