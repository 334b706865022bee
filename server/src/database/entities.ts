import { Account, MemberAccountLink } from '../modules/account/index.js';
import { Activity } from '../modules/activity/index.js';
import { AuditRecord } from '../modules/audit/index.js';
import { AppSecret, RefreshToken, Session, ThrottleCounter, UsedSsoToken } from '../modules/auth/index.js';
import {
  Agreement,
  AgreementChange,
  AgreementPlan,
  AgreementPlanLine,
  AgreementSettlement,
  DepositRelief,
  DepositReviewRecord,
  OverdrawRule,
  ScheduledDeposit,
  TermEndChoice,
} from '../modules/agreement/index.js';
import { Approval } from '../modules/approval/index.js';
import { Bill, BillMoneySource } from '../modules/bill/index.js';
import { Biller } from '../modules/biller/index.js';
import { BillingCategory, BillingSubCategory } from '../modules/billing-category/index.js';
import { Branch } from '../modules/branch/index.js';
import { Company } from '../modules/company/index.js';
import { IdempotencyRecord } from '../modules/idempotency/index.js';
import { LedgerAccount, LedgerEntry, LedgerTransaction } from '../modules/ledger/index.js';
import { LinkedAccount } from '../modules/linked-account/index.js';
import {
  BankDayPartition,
  BankDayStep,
  CoreBankingOutcome,
  CoreBankingStatementLine,
} from '../modules/core-banking/index.js';
import { InterestRegistration, Member } from '../modules/member/index.js';
import { Note } from '../modules/note/index.js';
import { CapturedMessage, MemberNotice, Notification, NotificationTemplate } from '../modules/notification/index.js';
import { WorklistDone } from '../modules/worklist/index.js';
import { HardshipCase } from '../modules/hardship/index.js';
import { ContractPreferences, MemberNotificationPreference } from '../modules/preferences/index.js';
import { Setting } from '../modules/settings/index.js';
import { User } from '../modules/user/index.js';

/** Every entity, listed explicitly (no folder scanning: it breaks under bundlers and test runners). */
export const entities = [
  Branch,
  Member,
  InterestRegistration,
  User,
  Session,
  RefreshToken,
  Account,
  MemberAccountLink,
  Agreement,
  Setting,
  // Domain core
  LinkedAccount,
  OverdrawRule,
  AgreementChange,
  ScheduledDeposit,
  AgreementPlan,
  AgreementPlanLine,
  DepositRelief,
  AgreementSettlement,
  TermEndChoice,
  DepositReviewRecord,
  BillingCategory,
  BillingSubCategory,
  Company,
  Biller,
  Bill,
  BillMoneySource,
  LedgerAccount,
  LedgerTransaction,
  LedgerEntry,
  Activity,
  Note,
  Approval,
  ContractPreferences,
  MemberNotificationPreference,
  NotificationTemplate,
  Notification,
  CapturedMessage,
  MemberNotice,
  WorklistDone,
  HardshipCase,
  IdempotencyRecord,
  AuditRecord,
  ThrottleCounter,
  AppSecret,
  UsedSsoToken,
  CoreBankingOutcome,
  CoreBankingStatementLine,
  BankDayStep,
  BankDayPartition,
];
