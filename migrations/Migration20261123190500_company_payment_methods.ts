import { Migration } from '@mikro-orm/migrations';

/**
 * The company catalogue (spec 2 §2): the payment methods each company accepts (comma-separated codes, like
 * peak months; companies already stored are BPAY when they have a biller code), and three more household
 * categories, listed before Other.
 */
export class Migration20261123190500_company_payment_methods extends Migration {

  override async up(): Promise<void> {
    this.addSql(`alter table "company" add column "payment_methods" varchar(20) not null default '';`);
    this.addSql(`update "company" set "payment_methods" = '0' where "bpay_biller_code" is not null;`);
    this.addSql(`update "billing_category" set "sort_order" = 15 where "name" = 'Other';`);
    this.addSql(`insert into "billing_category" ("name", "sort_order") values
      ('Strata & Body Corporate', 12), ('Loans & Credit Cards', 13), ('Subscriptions & Memberships', 14)
      on conflict ("name") do nothing;`);
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "billing_category" where "name" in
      ('Strata & Body Corporate', 'Loans & Credit Cards', 'Subscriptions & Memberships');`);
    this.addSql(`update "billing_category" set "sort_order" = 12 where "name" = 'Other';`);
    this.addSql(`alter table "company" drop column "payment_methods";`);
  }

}
