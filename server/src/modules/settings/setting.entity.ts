import { Entity, PrimaryKey, Property, OptionalProps } from '@mikro-orm/core';

/** A named settings document (server settings, client settings), edited by administrators. */
@Entity({ tableName: 'setting' })
export class Setting {
  [OptionalProps]?: 'updatedAt';

  @PrimaryKey({ length: 40 })
  key!: string;

  @Property({ type: 'jsonb' })
  value!: Record<string, unknown>;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
