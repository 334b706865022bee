import type { Cents } from '../../shared/money.js';
import type { LocalDate } from '../../shared/local-date.js';
import type { BulkRow } from '../../database/bulk.js';
import type { ActivityType } from '../../modules/activity/index.js';
import type { ApprovalKind } from '../../modules/approval/index.js';
import type { AgreementChangeType } from '../../modules/agreement/index.js';
import type { BillPlan, MoneySource } from '../../modules/bill/index.js';
import type { LedgerTransactionType, LedgerLine, TransactionStatus } from '../../modules/ledger/index.js';
import type { NoteEntityType } from '../../shared/note/note-entity-type.js';
import type { NotificationSourceType, NotificationStatus } from '../../shared/notification/notification-codes.js';
import type { BillerTemplate } from '../biller-templates.js';

/**
 * What the seeds plan for one agreement before anything is written: rows with local indexes where ids are not
 * known yet (billers, sub-categories, bills, deposits, postings), turned into rows and postings by the writer.
 */

export interface BillerSeed {
  template: BillerTemplate;
  /** Biller columns except id, agreement_id and previous_id. */
  values: BulkRow;
  plan: BillPlan;
  previousBillerId?: number | null;
}

export interface SubCategorySeed {
  values: BulkRow;
  plan: BillPlan;
  previousId?: number | null;
}

export type BillSource = { billerIndex: number } | { subCategoryIndex: number };

export interface BillSeed {
  source: BillSource;
  /** Bill columns except id, agreement_id, biller_id, billing_sub_category_id (paid figures come from the ledger). */
  values: BulkRow;
  dueDate: LocalDate;
  amount: Cents;
  contingency: Cents;
}

export interface DepositSeed {
  dueDate: LocalDate;
  amount: Cents;
  values: BulkRow;
}

export interface ActivityFields {
  type: ActivityType;
  occurredAt: Date;
  details: string;
  data?: Record<string, unknown> | null;
  notes?: string | null;
  agentName?: string | null;
  staff?: 'agent' | 'manager' | null;
  transactionStatus?: TransactionStatus | null;
  billIndex?: number | null;
  billerIndex?: number | null;
}

export interface PostingSeed {
  type: LedgerTransactionType;
  effectiveDate: LocalDate;
  description: string;
  lines: LedgerLine[];
  activity: ActivityFields;
  depositIndex?: number | null;
  sources?: { billIndex: number; source: MoneySource; amount: Cents; linkedAccountId?: number | null }[];
  /** A reversal of an earlier posting of the same history. */
  reverses?: { postingIndex: number; type: LedgerTransactionType } | null;
  /** For a version transfer: lines may name the previous version's pockets. */
  staff?: 'agent' | 'manager' | null;
}

export type NoteTarget =
  { agreement: true } | { billerIndex: number } | { subCategoryIndex: number } | { billIndex: number };

export interface NoteSeed {
  target: NoteTarget;
  entityType: NoteEntityType;
  text: string;
  createdAt: Date;
  staff: 'agent' | 'manager';
}

export interface ApprovalSeed {
  approvalType: ApprovalKind;
  billIndex?: number | null;
  amount?: Cents | null;
  managerName: string;
  note: string;
  approvalGranted: boolean;
  createdAt: Date;
  usedAt?: Date | null;
}

export interface NotificationSeed {
  sourceType: NotificationSourceType;
  templateName: string | null;
  status: NotificationStatus;
  queuedAt: Date;
  sentAt?: Date | null;
  emailSubject: string | null;
  emailBody: string | null;
  smsBody: string | null;
  message?: string | null;
  staff?: 'agent' | 'manager' | null;
  recipientEmail?: string | null;
  recipientMobile?: string | null;
}

export interface ChangeSeed {
  changeType: AgreementChangeType;
  previousAgreementId: number | null;
  changes: Record<string, unknown>;
  createdAt: Date;
  appliedAt: Date | null;
  staff?: 'agent' | 'manager' | null;
}

export interface AgreementHistory {
  agreementId: number;
  accountId: number;
  memberId: number;
  /** Columns of the agreement the plan decides (deposit settings, next deposit, status timestamps). */
  agreementValues: BulkRow;
  activatedBy: 'agent' | 'manager' | null;
  billers: BillerSeed[];
  subCategories: SubCategorySeed[];
  bills: BillSeed[];
  deposits: DepositSeed[];
  postings: PostingSeed[];
  activities: ActivityFields[];
  notes: NoteSeed[];
  approvals: ApprovalSeed[];
  notifications: NotificationSeed[];
  changes: ChangeSeed[];
  /** member id → notification preference. */
  preferences: { branchId: number | null; members: { memberId: number; preference: number }[] };
  /** Balances at the end, for a renewal to take over. */
  closing: { allocation: Cents; contingency: Cents; rainyDay: Cents };
}
