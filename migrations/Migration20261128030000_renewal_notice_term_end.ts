import { Migration } from '@mikro-orm/migrations';

/** The default renewal-due e-mail's "what to do" paragraph (Migration20261127130000_member_notices). */
const RENEW =
  'What to do: to keep your bills smoothed, please renew it before {date}. Call us on {supportPhone} or visit a branch, and we will set up the next year with you.';
const WITH_CHOICE = `${RENEW}\n\n{termEndChoice}`;

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The renewal-due e-mail says the member's choice at term end, or that none was made yet and the balance is rolled
 * (issue 24 item 5, agreement/term-end/README.md): {termEndChoice} after its "what to do" paragraph. A template staff
 * reworded keeps its words (staff can add {termEndChoice} themselves).
 */
export class Migration20261128030000_renewal_notice_term_end extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "notification_template" set "email_template" = replace("email_template", ${quote(RENEW)}, ${quote(WITH_CHOICE)})
      where "template_name" = 'RenewalDueNotification' and position(${quote(RENEW)} in "email_template") > 0
        and position('{termEndChoice}' in "email_template") = 0;`);
  }

  override async down(): Promise<void> {
    this.addSql(`update "notification_template" set "email_template" = replace("email_template", ${quote(`\n\n{termEndChoice}`)}, '')
      where "template_name" = 'RenewalDueNotification';`);
  }
}
