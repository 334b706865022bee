import { Migration } from '@mikro-orm/migrations';

/**
 * Templates for the two subscribed events told in their own words (spec 3 §9): a bill payment delayed by a
 * technical difficulty (the biller's bank answered TryAgain) and an agreement cancelled.
 */
export class Migration20261124035000_event_notification_templates extends Migration {

  override async up(): Promise<void> {
    this.addSql(`insert into "notification_template"
      ("template_name", "title", "email_subject", "email_template", "sms_template", "is_manual", "event") values
      ('BillPaymentDelayedNotification', 'Bill payment delayed', 'A bill payment is delayed',
       'Dear {firstName}, the {billerName} bill payment of {amount} made on {date} was delayed by a technical difficulty at the biller''s bank. It will be tried again; you do not need to do anything.',
       '{institutionName}: {billerName} bill payment of {amount} delayed by a technical difficulty; it will be tried again.', false, 2),
      ('AgreementCancelledNotification', 'Agreement cancelled', 'Your agreement has been cancelled',
       'Dear {firstName}, agreement {agreementNumber} with {institutionName} has been cancelled. No further deposits will be collected or bills paid under it. Contact us if you have any questions.',
       '{institutionName}: agreement {agreementNumber} has been cancelled.', false, 4)
      on conflict ("template_name") do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "notification_template" where "template_name" in
      ('BillPaymentDelayedNotification', 'AgreementCancelledNotification');`);
  }

}
