import { Migration } from '@mikro-orm/migrations';

/**
 * The holders of an account: the bank day asks it of every agreement and bill (deposits, the bills' calendar, the
 * pending windows); without an index each question read the whole link table.
 */
export class Migration20261124073000_member_account_link_account extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create index "member_account_link_account_id_index" on "member_account_link" ("account_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "member_account_link_account_id_index";`);
  }

}
