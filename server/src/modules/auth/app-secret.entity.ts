import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * Secrets the instances on one database share, made once by whichever starts first (the access-token HMAC key,
 * unless TOKEN_SECRET is given). Read with plain SQL by token-secret.ts.
 */
@Entity({ tableName: 'app_secret' })
export class AppSecret {
  @PrimaryKey({ length: 40 })
  name!: string;

  @Property({ type: 'text' })
  value!: string;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt!: Date;
}
