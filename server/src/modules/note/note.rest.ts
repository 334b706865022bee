import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import { DomainError } from '../../common/errors.js';
import { idParam, route } from '../../rest/route.js';
import { NOTE_ENTITY_TYPE_NAMES, parseNoteEntityType } from './note-entity-type.js';
import { entityNotes } from './note.queries.js';

/** GET /api/notes?entityId&entityType (staff only: notes are never shown to members). */
export const noteRoutes = [
  route('get', '/api/notes', STAFF_AND_REPORTER_ROLES, ({ em, req }) => {
    const name = typeof req.query.entityType === 'string' ? req.query.entityType : '';
    const entityType = parseNoteEntityType(name);
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
