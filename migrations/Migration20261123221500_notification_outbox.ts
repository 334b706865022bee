import { Migration } from '@mikro-orm/migrations';

export class Migration20261123221500_notification_outbox extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "captured_message" ("id" serial primary key, "channel" smallint not null, "received_at" timestamptz not null default now(), "sender" varchar(254) not null, "recipients" text not null, "subject" varchar(300) null, "body" text not null, "notification_id" int null);`);
    this.addSql(`create index "captured_message_received_at_index" on "captured_message" ("received_at");`);
    this.addSql(`create index "captured_message_notification_id_index" on "captured_message" ("notification_id");`);

    this.addSql(`alter table "notification" add column "channel" smallint not null default 1, add column "claimed_at" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "captured_message" cascade;`);

    this.addSql(`alter table "notification" drop column "channel", drop column "claimed_at";`);
  }

}
