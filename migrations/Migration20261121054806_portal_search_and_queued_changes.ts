import { Migration } from '@mikro-orm/migrations';

export class Migration20261121054806_portal_search_and_queued_changes extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "account_number_prefix" on "account" ("account_number" text_pattern_ops);`);

    // The member search's trigram index needs pg_trgm: created where the server has it (PostgreSQL), skipped in
    // embedded PGlite, which does not ship it loaded (the search still works there, without the index).
    this.addSql(`do $$
begin
  begin
    create extension if not exists pg_trgm;
  exception when others then
    raise notice 'pg_trgm is not available: the member search runs without its index';
  end;
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute $sql$create index "member_search_trgm" on "member" using gin ((lower(member_number) || ' ' || lower(first_name) || ' ' || lower(last_name) || ' ' || lower(coalesce(email, ''))) gin_trgm_ops)$sql$;
  end if;
end $$;`);

    this.addSql(`alter table "agreement_change" add column "failed_at" timestamptz null, add column "failure_message" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "account_number_prefix";`);

    this.addSql(`alter table "agreement_change" drop column "failed_at", drop column "failure_message";`);

    this.addSql(`drop index if exists "member_search_trgm";`);
  }

}
