import { Migration } from '@mikro-orm/migrations';

/**
 * Every demo biller can be saved unchanged in the wizard (issue 26 item 7). Two demo companies did not accept the
 * method their demo billers were stored with: "Streamline Entertainment" (the "Streaming" BPAY biller, stored with
 * no biller code or reference) and "Coral Coast Gym" (the "Gym membership" paid by the member and reimbursed). The
 * shipped catalogue now lists those methods; this brings databases seeded before it in line. The BPAY reference of
 * a biller stored without one is made from its id (the company's references are any 10 digits).
 */
export class Migration20261127160000_demo_billers_payable extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "company" set "payment_methods" = '0,4', "bpay_biller_code" = '24463',
      "bpay_biller_name" = "name", "reference_algorithm" = 'none', "reference_min_length" = 10,
      "reference_max_length" = 10
      where "name" = 'Streamline Entertainment' and "bpay_biller_code" is null;`);
    this.addSql(`update "company" set "payment_methods" = '3,4'
      where "name" = 'Coral Coast Gym' and "payment_methods" = '4';`);
    this.addSql(`update "biller" b set "bpay_biller_code" = c."bpay_biller_code", "bpay_biller_name" = c."name",
      "customer_reference_number" = coalesce(b."customer_reference_number", '1' || lpad(b."id"::text, 9, '0'))
      from "company" c
      where c."id" = b."company_id" and c."name" = 'Streamline Entertainment' and b."payment_method" = 0
        and b."bpay_biller_code" is null;`);
  }

  override async down(): Promise<void> {
    // Data made payable stays so: nothing to undo.
  }
}
