import { Entity, Index, PrimaryKey, Property, OptionalProps } from '@mikro-orm/core';

/** Someone without an account who asked to hear about the product (the no-member page). */
@Entity({ tableName: 'interest_registration' })
@Index({ properties: ['clientKey', 'createdAt'] })
export class InterestRegistration {
  [OptionalProps]?: 'createdAt' | 'clientKey';

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

  /** A hash of the address it came from (not the address itself): the per-address rate limit counts these. */
  @Property({ length: 64, nullable: true })
  clientKey?: string | null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
