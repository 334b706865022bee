import { Entity, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { User } from '../user/index.js';

/**
 * A staff worklist row marked done (issue 22 item 3): by its key, which names the situation (an arrears episode, a
 * failed payment, a short day), so the same trouble stays done and new trouble comes back as a new row.
 */
@Entity({ tableName: 'worklist_done' })
export class WorklistDone {
  [OptionalProps]?: 'doneAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 200, unique: true })
  itemKey!: string;

  /** What was done: contacted, locked, resent, reviewed. */
  @Property({ length: 40 })
  action!: string;

  @ManyToOne('User')
  doneBy!: User;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  doneAt: Date = new Date();
}
