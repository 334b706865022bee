import { Entity, Enum, Index, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Agreement } from '../agreement/index.js';
import type { User } from '../user/index.js';
import { NoteEntityType } from '../../shared/note/note-entity-type.js';

/** A staff note on an agreement, biller, sub-category, bill or member (spec 1 §3, 3 §3). Staff-only. */
@Entity({ tableName: 'note' })
@Index({ properties: ['entityType', 'entityId'] })
export class Note {
  [OptionalProps]?: 'createdAt' | 'isLogActivityDisabled';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Enum({ items: () => NoteEntityType, type: 'smallint' })
  entityType!: NoteEntityType;

  @Property({ type: 'integer' })
  entityId!: number;

  /** The agreement the note belongs to, whatever it is attached to (for listing an agreement's notes). */
  @ManyToOne('Agreement', { nullable: true })
  @Index()
  agreement?: Agreement | null;

  @Property({ type: 'text' })
  text!: string;

  /** dateCreated. */
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  /** createdBy: the agent's display name as it was when written. */
  @Property({ length: 120 })
  createdByName!: string;

  @ManyToOne('User', { nullable: true })
  @Index()
  createdBy?: User | null;

  /** When true, adding the note writes no "Note added" activity. */
  @Property({ type: 'boolean', default: false })
  isLogActivityDisabled: boolean = false;

  @Property({ type: 'timestamptz', nullable: true })
  updatedAt?: Date | null;
}
