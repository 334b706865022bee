import { STAFF_AND_REPORTER_ROLES, STAFF_ROLES } from '../../common/auth/roles.js';
import { DomainError } from '../../shared/errors.js';
import { bodyField, countParam, idParam, route } from '../../rest/route.js';
import { NOTE_LIST_DEFAULT_PAGE_SIZE, recentNotes } from './note.queries.js';
import { noteEntityTypeOf } from '../../shared/note/note.rules.js';
import { NoteView } from './note.types.js';

function first(value: unknown): string | undefined {
  const item = Array.isArray(value) ? value[0] : value;
  return typeof item === 'string' ? item : undefined;
}

/** A body's text field: a string, or nothing (the rule then says the text must be non-empty). */
function textField(body: unknown, name: string): string {
  const value = bodyField(body, name);
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new DomainError('INVALID_TEXT', `${name} must be text.`, name);
  return value;
}

/** A body's id field: a positive whole number (given as a number or as digits). */
function bodyId(body: unknown, name: string): number {
  const value = bodyField(body, name);
  return idParam(typeof value === 'number' ? String(value) : value, name);
}

/**
 * /api/notes (1 §7), staff only (notes are never shown to members; reporters read them). GET with entityId and
 * entityType: that entity's notes; without either: every note, newest first, a page at a time (`page`,
 * `pageSize`: 1 and 100 by default, at most 500), the total in `X-Total-Count`; one without the other is refused.
 * POST (body text, entityId, entityType, isLogActivityDisabled), PUT {id} (body text) and DELETE {id} answer the
 * note, through the same NoteService as GraphQL.
 */
export const noteRoutes = [
  route('get', '/api/notes', STAFF_AND_REPORTER_ROLES, [NoteView], async ({ em, req, res, user, services }) => {
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
    const entityType = noteEntityTypeOf(first(req.query.entityType));
    return services.notes.list(em, user, entityType, idParam(req.query.entityId, 'entityId'));
  }),
  route('get', '/api/notes/:id', STAFF_AND_REPORTER_ROLES, NoteView, ({ em, req, user, services }) =>
    services.notes.get(em, user, idParam(req.params.id, 'id')),
  ),
  route('post', '/api/notes', STAFF_ROLES, NoteView, ({ em, req, user, services }) => {
    const isLogActivityDisabled = bodyField(req.body, 'isLogActivityDisabled');
    if (
      isLogActivityDisabled !== undefined &&
      isLogActivityDisabled !== null &&
      typeof isLogActivityDisabled !== 'boolean'
    ) {
      throw new DomainError('INVALID_FLAG', 'isLogActivityDisabled must be true or false.', 'isLogActivityDisabled');
    }
    const entityType = bodyField(req.body, 'entityType');
    return services.notes.add(em, user, {
      entityType: typeof entityType === 'string' ? entityType : '',
      entityId: bodyId(req.body, 'entityId'),
      text: textField(req.body, 'text'),
      isLogActivityDisabled: isLogActivityDisabled === true,
    });
  }),
  route('put', '/api/notes/:id', STAFF_ROLES, NoteView, ({ em, req, user, services }) =>
    services.notes.edit(em, user, idParam(req.params.id, 'id'), textField(req.body, 'text')),
  ),
  route('delete', '/api/notes/:id', STAFF_ROLES, NoteView, ({ em, req, user, services }) =>
    services.notes.remove(em, user, idParam(req.params.id, 'id')),
  ),
];
