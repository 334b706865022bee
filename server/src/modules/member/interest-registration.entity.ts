import { Entity, PrimaryKey, Property, OptionalProps } from '@mikro-orm/core';

/** Someone without an account who asked to hear about the product (the no-member page). */
@Entity({ tableName: 'interest_registration' })
export class InterestRegistration {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ autoincrement: true })
  id!: number;

  /** 0 when the person is not (yet) a known member. */
  @Property({ type: 'integer' })
  memberId!: number;

  @Property({ length: 160 })
  fullName!: string;

  @Property({ length: 254 })
  email!: string;

  @Property({ length: 20 })
  mobilePhone!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
