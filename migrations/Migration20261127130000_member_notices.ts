import { Migration } from '@mikro-orm/migrations';

/** Every e-mail ends the same way: who it is from and how to reach them. */
export const SIGN_OFF =
  'Kind regards,\n{institutionName}\n\nQuestions? Call us on {supportPhone} or e-mail {supportEmail}, quoting your member number {memberNumber}.';

export interface TemplateText {
  name: string;
  title: string;
  subject: string;
  /** The e-mail between the greeting and the sign-off. */
  body: string;
  sms: string;
  manual: boolean;
  /** NotificationEvent: the subscribed event it belongs to. */
  event: number | null;
}

/**
 * The bank's voice (issue 22 item 2): each message says hello, what happened, what to do (how much, into which
 * account, by when), and signs off with the support contact; an SMS fits in 160 characters. Staff read and edit them
 * on the Messages page; the placeholders each may use are checked (notification-templates.rules.ts).
 */
export const TEMPLATES: TemplateText[] = [
  {
    name: 'BillReminderNotification',
    title: 'Bill reminder',
    subject: 'Your {billerName} bill of {amount} is due on {date}',
    body: 'Your {billerName} bill of {amount} is due on {date}.\n\nWhat to do: please pay it from your bill smoothing agreement by {date}. Sign in, open Pay bill and choose {billerName}.',
    sms: '{institutionShortName}: your {billerName} bill of {amount} is due {date}. Please pay it from your bill smoothing agreement by then. Help: {supportPhone}',
    manual: false,
    event: null,
  },
  {
    name: 'BillReminderAutoPayNotification',
    title: 'Bill reminder (paid for the member)',
    subject: 'We will pay your {billerName} bill of {amount} on {date}',
    body: 'Your {billerName} bill of {amount} is due on {date}. We will pay it from your bill smoothing agreement on the day.\n\nWhat to do: nothing. If the amount on your bill is different, please tell us before {date} so that we pay the right amount.',
    sms: '{institutionShortName}: we will pay your {billerName} bill of {amount} from your bill smoothing agreement on {date}. Nothing to do. Help: {supportPhone}',
    manual: false,
    event: null,
  },
  {
    name: 'DepositReminderNotification',
    title: 'Deposit reminder',
    subject: 'Your deposit of {amount} is due on {date}',
    body: 'Your next bill smoothing deposit of {amount} is due on {date}.\n\nWhat to do: please make sure {amount} reaches account {accountNumber} by {date}. Your bills are paid from your deposits, so a deposit that does not arrive pauses them.',
    sms: '{institutionShortName}: your deposit of {amount} into account {accountNumber} is due {date}. Please make sure it is there by then. Help: {supportPhone}',
    manual: false,
    event: 1,
  },
  {
    name: 'MissedDepositNotification',
    title: 'Missed deposit',
    subject: 'We did not receive your deposit of {amount}',
    body: 'Your bill smoothing deposit of {amount} due on {date} has not reached us. In all, {totalOwed} is now owing on agreement {agreementNumber}, and your bill payments are paused until it is received.\n\nWhat to do: please deposit {totalOwed} into account {accountNumber} as soon as you can. Your bills are paid again once the full amount is in. If you cannot pay it all now, call us on {supportPhone} and we will work out a way to catch up.',
    sms: '{institutionShortName}: deposit of {amount} due {date} not received; {totalOwed} owing. Please deposit it into account {accountNumber} asap. Bills paused. {supportPhone}',
    manual: false,
    event: 1,
  },
  {
    name: 'BillPaymentFailedNotification',
    title: 'Bill payment failed',
    subject: 'Your {billerName} payment of {amount} did not go through',
    body: 'The payment of {amount} to {billerName} that we made on {date} was returned by the biller’s bank. The money is back in your bill smoothing agreement, and payments to {billerName} are on hold until the biller’s details are checked.\n\nWhat to do: please call us on {supportPhone} so that we can check the biller’s details with you, and pay {billerName} directly if the bill is due before then.',
    sms: '{institutionShortName}: your {billerName} payment of {amount} on {date} was returned; the money is back in your agreement. Please call {supportPhone}.',
    manual: false,
    event: 2,
  },
  {
    name: 'BillPaymentDelayedNotification',
    title: 'Bill payment delayed',
    subject: 'Your {billerName} payment of {amount} is delayed',
    body: 'The payment of {amount} to {billerName} that we made on {date} is delayed by a technical problem at the biller’s bank. We are trying again, and the money stays set aside for it.\n\nWhat to do: nothing for now. We will tell you if it cannot be paid.',
    sms: '{institutionShortName}: your {billerName} payment of {amount} made {date} is delayed at the biller’s bank. We are trying again; nothing to do.',
    manual: false,
    event: 2,
  },
  {
    name: 'ShortPaidBillNotification',
    title: 'Bill part-paid',
    subject: '{amount} of your {billerName} bill is still to pay',
    body: 'On {date} we paid your {billerName} bill, but your agreement did not hold the whole amount: {amount} is still owing to {billerName}.\n\nWhat to do: please pay {amount} to {billerName} yourself by the due date on your bill, or call us on {supportPhone} to talk about your deposits.',
    sms: '{institutionShortName}: we part-paid your {billerName} bill on {date}; {amount} is still owing. Please pay it to {billerName} by its due date. {supportPhone}',
    manual: false,
    event: 5,
  },
  {
    name: 'AgreementChangedNotification',
    title: 'Agreement changed',
    subject: 'Your bill smoothing agreement has changed',
    body: 'We have changed your bill smoothing agreement {agreementNumber}: {change}.\n\nWhat to do: nothing, unless this is not what you expected. Sign in to see your agreement, or call us on {supportPhone}.',
    sms: '{institutionShortName}: your bill smoothing agreement {agreementNumber} has changed: {change}. Questions? {supportPhone}',
    manual: false,
    event: 4,
  },
  {
    name: 'AgreementCancelledNotification',
    title: 'Agreement cancelled',
    subject: 'Your bill smoothing agreement has been cancelled',
    body: 'Your bill smoothing agreement {agreementNumber} was cancelled on {date}. We will not collect any more deposits or pay any more bills under it.\n\nWhat to do: please pay your bills directly from now on. If money is left in the agreement, or if you did not expect this, call us on {supportPhone}.',
    sms: '{institutionShortName}: agreement {agreementNumber} was cancelled on {date}. No more deposits are taken or bills paid. Please pay bills directly. {supportPhone}',
    manual: false,
    event: 4,
  },
  {
    name: 'AgreementApprovedNotification',
    title: 'Agreement approved',
    subject: 'Your bill smoothing agreement is approved',
    body: 'Thank you for approving your bill smoothing agreement {agreementNumber}. It is set up, and we will pay your bills from it as they fall due until {endDate}.\n\nWhat to do: please deposit {nextDepositAmount} into account {accountNumber} by {nextDepositDate}, and each deposit after that on its date. Sign in to see every deposit and bill.',
    sms: '{institutionShortName}: agreement {agreementNumber} is approved. Please deposit {nextDepositAmount} into account {accountNumber} by {nextDepositDate}. {supportPhone}',
    manual: false,
    event: 4,
  },
  {
    name: 'AgreementAppliedNotification',
    title: 'Agreement changes applied',
    subject: 'The changes to your agreement now apply',
    body: 'The changes to your bill smoothing agreement {agreementNumber} are made and apply from today. It runs until {endDate}.\n\nWhat to do: please deposit {nextDepositAmount} into account {accountNumber} by {nextDepositDate}. Sign in to see every deposit and bill under the new terms.',
    sms: '{institutionShortName}: changes to agreement {agreementNumber} apply now. Next deposit {nextDepositAmount} into account {accountNumber} by {nextDepositDate}. {supportPhone}',
    manual: false,
    event: 4,
  },
  {
    name: 'RenewalDueNotification',
    title: 'Agreement due for renewal',
    subject: 'Your bill smoothing agreement ends on {date}',
    body: 'Your bill smoothing agreement {agreementNumber} ends on {date}. After that we will not pay your bills from it.\n\nWhat to do: to keep your bills smoothed, please renew it before {date}. Call us on {supportPhone} or visit a branch, and we will set up the next year with you.',
    sms: '{institutionShortName}: agreement {agreementNumber} ends {date}. To keep your bills smoothed, please renew before then: call {supportPhone}.',
    manual: false,
    event: 3,
  },
  {
    name: 'ContractApprovingNotification',
    title: 'Agreement ready for approval',
    subject: 'Your bill smoothing agreement is ready for you to approve',
    body: 'Your bill smoothing agreement {agreementNumber} with {institutionName} is ready.\n\nWhat to do: please sign in, read it through and approve it. We start paying your bills from it once you have approved it.',
    sms: '{institutionShortName}: your bill smoothing agreement {agreementNumber} is ready. Please sign in to read and approve it. Help: {supportPhone}',
    manual: false,
    event: null,
  },
  {
    name: 'GeneralContact',
    title: 'Please contact us',
    subject: 'Please contact us about your agreement',
    body: 'We would like to talk with you about your bill smoothing agreement {agreementNumber}.\n\nWhat to do: please call us on {supportPhone} at a time that suits you, or e-mail {supportEmail}.',
    sms: '{institutionShortName}: please call us on {supportPhone} about your bill smoothing agreement {agreementNumber}.',
    manual: true,
    event: null,
  },
  {
    name: 'ArrearsReminder',
    title: 'Deposits owing',
    subject: 'Your agreement is in arrears by {totalOwed}',
    body: 'Your bill smoothing agreement {agreementNumber} is in arrears by {totalOwed}: deposits of that amount have not reached us, and your bill payments are paused until they do.\n\nWhat to do: please deposit {totalOwed} into account {accountNumber} as soon as you can. If you cannot pay it all at once, call us on {supportPhone} and we will work out a way to catch up.',
    sms: '{institutionShortName}: agreement {agreementNumber} is in arrears by {totalOwed}. Please deposit it into account {accountNumber} asap; bills are paused. {supportPhone}',
    manual: true,
    event: null,
  },
  {
    name: 'BillReminder',
    title: 'Bill reminder',
    subject: 'Your {billerName} bill of {amount} is due on {date}',
    body: 'Your {billerName} bill of {amount} is due on {date}.\n\nWhat to do: please make sure it is paid by {date}. Sign in and open Pay bill to pay it from your bill smoothing agreement.',
    sms: '{institutionShortName}: your {billerName} bill of {amount} is due {date}. Please pay it from your bill smoothing agreement by then. Help: {supportPhone}',
    manual: true,
    event: null,
  },
  {
    name: 'LockedAgreementContact',
    title: 'Agreement locked',
    subject: 'Your bill smoothing agreement is locked',
    body: 'Your bill smoothing agreement {agreementNumber} is locked, so no bills are paid from it for now.\n\nWhat to do: please call us on {supportPhone} so that we can sort it out together and unlock it.',
    sms: '{institutionShortName}: your bill smoothing agreement {agreementNumber} is locked and no bills are paid from it. Please call us on {supportPhone}.',
    manual: true,
    event: null,
  },
];

/** The templates this migration adds (the others it rewrites). */
const ADDED = [
  'BillReminderNotification',
  'BillReminderAutoPayNotification',
  'DepositReminderNotification',
  'AgreementApprovedNotification',
  'AgreementAppliedNotification',
  'LockedAgreementContact',
];

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Member notices (issue 22 item 1): `member_notice`, one row per event told (unique by kind and key, so told once),
 * each composed and queued by its own job; the templates in the bank's voice (item 2); the HTML part of captured
 * e-mails.
 */
export class Migration20261127130000_member_notices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "member_notice" ("id" serial primary key, "kind" varchar(40) not null, "notice_key" varchar(160) not null, "agreement_id" int not null, "facts" jsonb not null default '{}', "status" smallint not null default 0, "created_at" timestamptz not null default now(), "done_at" timestamptz null, "error" text null);`);
    this.addSql(`create index "member_notice_agreement_id_index" on "member_notice" ("agreement_id");`);
    this.addSql(`create index "member_notice_status_created_at_index" on "member_notice" ("status", "created_at");`);
    this.addSql(`alter table "member_notice" add constraint "member_notice_kind_notice_key_unique" unique ("kind", "notice_key");`);
    this.addSql(`alter table "member_notice" add constraint "member_notice_agreement_id_foreign" foreign key ("agreement_id") references "agreement" ("id") on update cascade;`);
    this.addSql(`alter table "captured_message" add column "html" text null;`);
    for (const t of TEMPLATES) {
      const email = `Dear {firstName},\n\n${t.body}\n\n${SIGN_OFF}`;
      this.addSql(`insert into "notification_template"
        ("template_name", "title", "email_subject", "email_template", "sms_template", "is_manual", "event")
        values (${quote(t.name)}, ${quote(t.title)}, ${quote(t.subject)}, ${quote(email)}, ${quote(t.sms)}, ${t.manual}, ${t.event ?? 'null'})
        on conflict ("template_name") do update set "title" = excluded."title", "email_subject" = excluded."email_subject",
          "email_template" = excluded."email_template", "sms_template" = excluded."sms_template",
          "is_manual" = excluded."is_manual", "event" = excluded."event";`);
    }
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "notification_template" where "template_name" in (${ADDED.map(quote).join(', ')});`);
    this.addSql(`alter table "captured_message" drop column "html";`);
    this.addSql(`drop table if exists "member_notice" cascade;`);
  }
}
