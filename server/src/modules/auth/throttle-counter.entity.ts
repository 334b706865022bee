import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One sign-in throttle counter (README "Sign-in throttling"), shared by every instance on the database. The key
 * is a SHA-256 of the counter's kind and subject (account+address, account, or address), so no user name or
 * address is stored here. Read and written with plain SQL by throttle.ts; the entity only declares the table.
 */
@Entity({ tableName: 'auth_throttle' })
export class ThrottleCounter {
  @PrimaryKey({ columnType: 'char(64)' })
  key!: string;

  /** Attempts counted (reserved before the password was checked) since the counter was last quiet. */
  @Property({ type: 'int' })
  failures!: number;

  @Property({ type: 'timestamptz', nullable: true })
  @Index()
  lastAttemptAt?: Date | null;

  /** account+address counters: the last right password from there (the address is then known to the account). */
  @Property({ type: 'timestamptz', nullable: true })
  succeededAt?: Date | null;
}
