import { Arg, Authorized, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES, STAFF_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { withUserErrors } from '../../graphql/user-error.js';
import { noteEntityTypeOf } from '../../shared/note/note.rules.js';
import { AddNoteInput, NoteResult, NoteView } from './note.types.js';

/** Staff notes (spec 1 §3): the GraphQL twin of /api/notes, over NoteService. */
@Resolver()
export class NoteResolver {
  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => NoteView, { description: 'One note (GET /api/notes/{id}). Staff only.' })
  note(@Ctx() { em, user, services }: GraphQLContext, @Arg('noteId', () => Int) noteId: number): Promise<NoteView> {
    return services.notes.get(em, user, noteId);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => [NoteView], {
    description: 'The notes of an entity, newest first (GET /api/notes?entityId&entityType). Staff only.',
  })
  notes(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('entityType') entityType: string,
    @Arg('entityId', () => Int) entityId: number,
  ): Promise<NoteView[]> {
    return services.notes.list(em, user, noteEntityTypeOf(entityType), entityId);
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => NoteResult, { description: 'Adds a note (POST /api/notes). Staff only.' })
  async addNote(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('input', () => AddNoteInput) input: AddNoteInput,
  ): Promise<NoteResult> {
    const result = await withUserErrors(() => services.notes.add(em, user, input));
    return { note: result.value, errors: result.errors };
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => NoteResult, { description: 'Changes a note’s text (PUT /api/notes/{id}); the audit keeps the old.' })
  async editNote(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('noteId', () => Int) noteId: number,
    @Arg('text') text: string,
  ): Promise<NoteResult> {
    const result = await withUserErrors(() => services.notes.edit(em, user, noteId, text));
    return { note: result.value, errors: result.errors };
  }

  @Authorized(...STAFF_ROLES)
  @Mutation(() => NoteResult, { description: 'Deletes a note (DELETE /api/notes/{id}); the audit keeps its text.' })
  async deleteNote(
    @Ctx() { em, user, services }: GraphQLContext,
    @Arg('noteId', () => Int) noteId: number,
  ): Promise<NoteResult> {
    const result = await withUserErrors(() => services.notes.remove(em, user, noteId));
    return { note: result.value, errors: result.errors };
  }
}
