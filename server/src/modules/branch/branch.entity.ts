import { Entity, PrimaryKey, Property, Unique, OptionalProps } from '@mikro-orm/core';

/** A branch of the institution; members belong to one, reports group by it. */
@Entity({ tableName: 'branch' })
export class Branch {
  [OptionalProps]?: 'isActive';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 120 })
  @Unique()
  name!: string;

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;
}
