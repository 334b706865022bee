import { Migration } from '@mikro-orm/migrations';
import { SIGN_OFF, type TemplateText } from './Migration20261127130000_member_notices.js';

/** Contact member templates for the worklist's rows (issue 22 items 3-4), in the bank's voice. */
export const TEMPLATES: TemplateText[] = [
  {
    name: 'ShortfallWarning',
    title: 'Agreement going short',
    subject: 'Your agreement will be short on {date}',
    body: 'Your bill smoothing agreement {agreementNumber} will not hold enough for your {billerName} bill on {date}.\n\nWhat to do: please deposit {amount} into account {accountNumber} before {date}, or call us on {supportPhone} so that we can adjust your deposits with you.',
    sms: '{institutionShortName}: agreement {agreementNumber} will be short for your {billerName} bill on {date}. Please deposit {amount} into account {accountNumber}. {supportPhone}',
    manual: true,
    event: null,
  },
  {
    name: 'RenewalReminder',
    title: 'Renewal reminder',
    subject: 'Your bill smoothing agreement ends on {endDate}',
    body: 'Your bill smoothing agreement {agreementNumber} ends on {endDate}. After that we will not pay your bills from it.\n\nWhat to do: to keep your bills smoothed, please call us on {supportPhone} before {endDate}, and we will set up the next year with you.',
    sms: '{institutionShortName}: agreement {agreementNumber} ends {endDate}. To keep your bills smoothed, please call us on {supportPhone} before then.',
    manual: true,
    event: null,
  },
];

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The staff worklist's done marks (`worklist_done`, by row key) and two Contact member templates. */
export class Migration20261127150000_staff_worklist extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "worklist_done" ("id" serial primary key, "item_key" varchar(200) not null, "action" varchar(40) not null, "done_by_id" int not null, "done_at" timestamptz not null default now());`);
    this.addSql(`alter table "worklist_done" add constraint "worklist_done_item_key_unique" unique ("item_key");`);
    this.addSql(`alter table "worklist_done" add constraint "worklist_done_done_by_id_foreign" foreign key ("done_by_id") references "app_user" ("id") on update cascade;`);
    for (const t of TEMPLATES) {
      const email = `Dear {firstName},\n\n${t.body}\n\n${SIGN_OFF}`;
      this.addSql(`insert into "notification_template"
        ("template_name", "title", "email_subject", "email_template", "sms_template", "is_manual", "event")
        values (${quote(t.name)}, ${quote(t.title)}, ${quote(t.subject)}, ${quote(email)}, ${quote(t.sms)}, true, null)
        on conflict ("template_name") do nothing;`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "notification_template" where "template_name" in (${TEMPLATES.map((t) => quote(t.name)).join(', ')});`);
    this.addSql(`drop table if exists "worklist_done" cascade;`);
  }
}
