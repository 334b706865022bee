import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * A single sign-on token already exchanged for a session: an SSO token is single-use, so a replay (or a second
 * concurrent use) is refused. Kept until the token expires; the unique key makes exactly one use win.
 */
@Entity({ tableName: 'used_sso_token' })
export class UsedSsoToken {
  [OptionalProps]?: 'usedAt';

  /** SHA-256 (hex) of the institution id and the token's signed body. */
  @PrimaryKey({ columnType: 'char(64)' })
  tokenHash!: string;

  /** The token's own expiry: after it the token is refused anyway and the row may go. */
  @Property({ type: 'timestamptz' })
  @Index()
  expiresAt!: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  usedAt: Date = new Date();
}
