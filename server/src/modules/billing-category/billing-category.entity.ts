import { Entity, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

/** A billing category of the catalogue (Electricity, Water, ...): the wizard's first pick (spec 2 §2). */
@Entity({ tableName: 'billing_category' })
export class BillingCategory {
  [OptionalProps]?: 'sortOrder' | 'isActive';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  @Property({ length: 80 })
  @Unique()
  name!: string;

  @Property({ type: 'smallint', default: 0 })
  sortOrder: number = 0;

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;
}
