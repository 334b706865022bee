import { Migration } from '@mikro-orm/migrations';

export class Migration20261121063845_audit_record extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "audit_record" ("id" serial primary key, "occurred_at" timestamptz not null default now(), "user_id" int not null, "action" varchar(60) not null, "entity_type" varchar(40) null, "entity_id" int null, "idempotency_key" varchar(100) not null, "request" jsonb not null, "response" jsonb not null);`);
    this.addSql(`create index "audit_record_user_id_index" on "audit_record" ("user_id");`);
    this.addSql(`create index "audit_record_entity_type_entity_id_index" on "audit_record" ("entity_type", "entity_id");`);

    this.addSql(`alter table "audit_record" add constraint "audit_record_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade;`);

    // The audit trail is append-only, like the ledger.
    this.addSql(`create function refuse_audit_change() returns trigger language plpgsql as $$
      begin raise exception 'audit records are immutable' using errcode = 'P0001'; end $$;`);
    this.addSql(`create trigger audit_record_immutable before update or delete on "audit_record"
      for each row execute function refuse_audit_change();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_record" cascade;`);
    this.addSql(`drop function if exists refuse_audit_change();`);
  }

}
