import { Migration } from '@mikro-orm/migrations';

/** The default renewal-due SMS (Migration20261127130000_member_notices). */
const BEFORE =
  '{institutionShortName}: agreement {agreementNumber} ends {date}. To keep your bills smoothed, please renew before then: call {supportPhone}.';
/** The same, a little shorter, with the member's term-end choice in a few words: one message of 160 characters. */
export const RENEWAL_DUE_SMS =
  '{institutionShortName}: agreement {agreementNumber} ends {date}. Please renew by then: call {supportPhone}. {balanceAtEnd}';

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The renewal-due SMS says the member's choice at term end too (the e-mail has said it since
 * Migration20261128030000_renewal_notice_term_end): {balanceAtEnd}. A template staff reworded keeps its words (staff
 * can add {balanceAtEnd} themselves).
 */
export class Migration20261128200000_renewal_sms_term_end extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "notification_template" set "sms_template" = ${quote(RENEWAL_DUE_SMS)}
      where "template_name" = 'RenewalDueNotification' and "sms_template" = ${quote(BEFORE)};`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "notification_template" set "sms_template" = ${quote(BEFORE)}
      where "template_name" = 'RenewalDueNotification' and "sms_template" = ${quote(RENEWAL_DUE_SMS)};`);
  }
}
