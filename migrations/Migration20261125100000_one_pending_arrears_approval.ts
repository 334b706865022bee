import { Migration } from '@mikro-orm/migrations';

/**
 * One pending arrears approval per bill (issue 21 item 3): twenty concurrent requests for one bill queued twenty
 * separately grantable requests. Requests already repeated keep their first (the later ones were never decided
 * and nothing refers to them); the index then makes a repeat meet the one queued (approval.service.ts).
 * Type 3 is ApprovalKind.BillPaymentInArrears.
 */
export class Migration20261125100000_one_pending_arrears_approval extends Migration {

  override async up(): Promise<void> {
    this.addSql(`delete from "approval" a using "approval" earlier
      where a."approval_type" = 3 and a."approver_id" is null
        and earlier."approval_type" = 3 and earlier."approver_id" is null
        and earlier."bill_id" = a."bill_id" and earlier."id" < a."id";`);
    this.addSql(
      `create unique index "approval_one_pending_per_bill" on "approval" ("bill_id") where "approval_type" = 3 and "approver_id" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "approval_one_pending_per_bill";`);
  }

}
