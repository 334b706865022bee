/** The note module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { Note } from './note.entity.js';
export { accountAgreementNotes } from './note.queries.js';
export { NoteResolver } from './note.resolver.js';
export { noteRoutes } from './note.rest.js';
export { NoteService } from './note.service.js';
export { NoteView } from './note.types.js';
