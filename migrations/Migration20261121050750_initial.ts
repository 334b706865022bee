import { Migration } from '@mikro-orm/migrations';

export class Migration20261121050750_initial extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "account" ("id" serial primary key, "account_number" varchar(20) not null, "product_name" varchar(80) not null default 'Bill Smoothing Account', "is_active" boolean not null default true, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "account" add constraint "account_account_number_unique" unique ("account_number");`);

    this.addSql(`create table "agreement" ("id" serial primary key, "account_id" int not null, "status" smallint not null, "start_date" date not null, "end_date" date not null, "contribution_frequency" smallint not null default 2, "deposit_amount" numeric(14,2) not null default 0, "previous_id" int null, "version" int not null default 1, "created_at" timestamptz not null default now());`);
    this.addSql(`create index "agreement_account_id_status_index" on "agreement" ("account_id", "status");`);

    this.addSql(`create table "branch" ("id" serial primary key, "name" varchar(120) not null, "is_active" boolean not null default true);`);
    this.addSql(`alter table "branch" add constraint "branch_name_unique" unique ("name");`);

    this.addSql(`create table "interest_registration" ("id" serial primary key, "member_id" int not null, "full_name" varchar(160) not null, "email" varchar(254) not null, "mobile_phone" varchar(20) not null, "created_at" timestamptz not null default now());`);

    this.addSql(`create table "member" ("id" serial primary key, "member_number" varchar(20) not null, "first_name" varchar(80) not null, "last_name" varchar(80) not null, "email" varchar(254) null, "mobile_phone" varchar(20) null, "is_active" boolean not null default true, "is_resigned" boolean not null default false, "branch_id" int null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "member" add constraint "member_member_number_unique" unique ("member_number");`);

    this.addSql(`create table "member_account_link" ("id" serial primary key, "member_id" int not null, "account_id" int not null, "is_active" boolean not null default true, "is_primary" boolean not null default true);`);
    this.addSql(`alter table "member_account_link" add constraint "member_account_link_member_id_account_id_unique" unique ("member_id", "account_id");`);

    this.addSql(`create table "setting" ("key" varchar(40) not null, "value" jsonb not null, "updated_at" timestamptz not null default now(), constraint "setting_pkey" primary key ("key"));`);

    this.addSql(`create table "app_user" ("id" serial primary key, "username" varchar(80) not null, "password_hash" varchar(200) not null, "display_name" varchar(120) not null, "roles" text[] not null, "member_id" int null, "is_locked" boolean not null default false, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "app_user" add constraint "app_user_username_unique" unique ("username");`);

    this.addSql(`create table "auth_session" ("id" uuid not null, "user_id" int not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "revoked_reason" varchar(40) null, "method" varchar(20) not null, "address" varchar(64) null, constraint "auth_session_pkey" primary key ("id"));`);
    this.addSql(`create index "auth_session_revoked_at_index" on "auth_session" ("revoked_at");`);

    this.addSql(`create table "auth_refresh_token" ("hash" varchar(64) not null, "session_id" uuid not null, "created_at" timestamptz not null, "used_at" timestamptz null, constraint "auth_refresh_token_pkey" primary key ("hash"));`);

    this.addSql(`alter table "agreement" add constraint "agreement_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade;`);
    this.addSql(`alter table "agreement" add constraint "agreement_previous_id_foreign" foreign key ("previous_id") references "agreement" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "member" add constraint "member_branch_id_foreign" foreign key ("branch_id") references "branch" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "member_account_link" add constraint "member_account_link_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade;`);
    this.addSql(`alter table "member_account_link" add constraint "member_account_link_account_id_foreign" foreign key ("account_id") references "account" ("id") on update cascade;`);

    this.addSql(`alter table "app_user" add constraint "app_user_member_id_foreign" foreign key ("member_id") references "member" ("id") on update cascade on delete set null;`);

    this.addSql(`alter table "auth_session" add constraint "auth_session_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on update cascade;`);

    this.addSql(`alter table "auth_refresh_token" add constraint "auth_refresh_token_session_id_foreign" foreign key ("session_id") references "auth_session" ("id") on update cascade;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "agreement" drop constraint "agreement_account_id_foreign";`);

    this.addSql(`alter table "member_account_link" drop constraint "member_account_link_account_id_foreign";`);

    this.addSql(`alter table "agreement" drop constraint "agreement_previous_id_foreign";`);

    this.addSql(`alter table "member" drop constraint "member_branch_id_foreign";`);

    this.addSql(`alter table "member_account_link" drop constraint "member_account_link_member_id_foreign";`);

    this.addSql(`alter table "app_user" drop constraint "app_user_member_id_foreign";`);

    this.addSql(`alter table "auth_session" drop constraint "auth_session_user_id_foreign";`);

    this.addSql(`alter table "auth_refresh_token" drop constraint "auth_refresh_token_session_id_foreign";`);

    this.addSql(`drop table if exists "account" cascade;`);

    this.addSql(`drop table if exists "agreement" cascade;`);

    this.addSql(`drop table if exists "branch" cascade;`);

    this.addSql(`drop table if exists "interest_registration" cascade;`);

    this.addSql(`drop table if exists "member" cascade;`);

    this.addSql(`drop table if exists "member_account_link" cascade;`);

    this.addSql(`drop table if exists "setting" cascade;`);

    this.addSql(`drop table if exists "app_user" cascade;`);

    this.addSql(`drop table if exists "auth_session" cascade;`);

    this.addSql(`drop table if exists "auth_refresh_token" cascade;`);
  }

}
