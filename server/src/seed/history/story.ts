import { DEFAULT_TIME_ZONE } from '../../shared/clock.js';
import { addDays, formatDisplayDate, todayIn, type LocalDate } from '../../shared/local-date.js';
import { formatCurrency, cents, toDecimalString } from '../../shared/money.js';
import { ActivityType } from '../../modules/activity/index.js';
import {
  AgreementChangeType,
  AgreementEvent,
  AgreementStatus,
  DepositStatus,
  DepositType,
} from '../../modules/agreement/index.js';
import { ApprovalKind } from '../../modules/approval/index.js';
import { BillerStatus, ModificationState } from '../../shared/biller/biller-codes.js';
import { ContributionFrequency } from '../../modules/deposit/index.js';
import { TransactionStatus } from '../../modules/ledger/index.js';
import { NoteEntityType } from '../../shared/note/note-entity-type.js';
import { NotificationPreference } from '../../shared/notification/notification-codes.js';
import { at } from './payments.js';
import type { HistoryInput, PlannedHistory } from './plan.js';
import { addRichStory, changeSummary, notification } from './story-extras.js';
import type { ActivityFields, NotificationSeed } from './types.js';

export interface StoryOptions {
  status: AgreementStatus;
  /** When staff set the agreement up (before its start). */
  createdOn: LocalDate;
  holders: { memberId: number; firstName: string; email: string | null; mobile: string | null }[];
  branchId: number | null;
  overdrawRuleId: number | null;
  lockedOn?: LocalDate | null;
  earlierLock?: boolean;
  /** How this version came to be: created, or a renewal or modification of `previous` on `on`. */
  change?: { type: AgreementChangeType; previous: number; on: LocalDate } | null;
  approvals?: 'pendingAgreement' | 'arrears' | null;
  /** Notes, reminders, notifications, preference changes: the demo and a share of generated members. */
  rich: boolean;
  agentName: string;
  managerName: string;
}

/** Everything around the money: set-up, approvals, billers added and edited, notes, notifications, locks. */
export function tellStory(planned: PlannedHistory, input: HistoryInput, options: StoryOptions): void {
  const { history, bills } = planned;
  const { today, period, agreementId } = input;
  const first = options.holders[0];
  const name = first?.firstName ?? 'Member';
  const activities = history.activities;
  const staff = { agentName: options.agentName, staff: 'agent' as const };
  const act = (type: ActivityType, date: LocalDate, details: string, extra: Partial<ActivityFields> = {}) => {
    if (date <= today)
      activities.push({
        type,
        occurredAt: at(date, 14),
        details,
        data: { ContractId: agreementId },
        ...staff,
        ...extra,
      });
  };
  const notify = (seed: NotificationSeed) => {
    history.notifications.push({
      ...seed,
      recipientEmail: first?.email ?? null,
      recipientMobile: first?.mobile ?? null,
    });
    // The institution's day of the notification (its UTC date is the day before for a morning in Sydney).
    const day = todayIn(DEFAULT_TIME_ZONE, seed.queuedAt);
    act(ActivityType.NotificationSent, day, `Notification sent: ${seed.emailSubject ?? seed.templateName}`, {
      staff: null,
      agentName: null,
    });
  };
  const pending = options.status === AgreementStatus.PendingApproval;

  const change = options.change ?? null;
  const changeType = change?.type ?? AgreementChangeType.Creation;
  const madeOn = change?.on ?? addDays(period.start, -1);
  history.changes.push({
    changeType,
    previousAgreementId: change?.previous ?? null,
    changes: changeSummary(input),
    createdAt: at(changeType === AgreementChangeType.Modification ? addDays(madeOn, -3) : options.createdOn, 10),
    appliedAt: pending ? null : at(madeOn, 17),
    staff: 'agent',
  });
  if (changeType === AgreementChangeType.Modification) {
    act(ActivityType.AgreementModification, addDays(madeOn, -3), JSON.stringify(changeSummary(input)));
    act(ActivityType.AgreementModificationApplied, madeOn, 'Agreement modification applied');
  } else if (changeType === AgreementChangeType.Renewal) {
    act(ActivityType.AgreementRenewal, options.createdOn, `Agreement ${change?.previous} renewed`);
  } else {
    act(ActivityType.AgreementCreation, options.createdOn, 'Agreement created');
  }
  input.billers.forEach((biller, billerIndex) => {
    const state = biller.values.modification_state;
    const nickname = biller.template.nickname;
    if (changeType === AgreementChangeType.Creation || state === ModificationState.New) {
      act(ActivityType.AddedBiller, biller.values.date_added as LocalDate, `Added biller ${nickname}`, { billerIndex });
    } else if (state === ModificationState.Edit) {
      act(ActivityType.EditedBiller, madeOn, `Edited biller ${nickname}: expected amount changed`, { billerIndex });
    }
    if (biller.values.status === BillerStatus.Removed) {
      act(ActivityType.RemovedBiller, madeOn, `Removed biller ${nickname}`, { billerIndex });
    }
  });
  if (!pending && changeType !== AgreementChangeType.Modification) {
    act(ActivityType.AgreementActivated, addDays(period.start, -1), 'Agreement activated after member approval');
  }
  // A pending agreement is one staff finished and sent to the member (step 8's StaffActivate, lifecycle.service.ts:
  // activated_by_id, activated_at, the wizard closed): only a sent one is the member's to approve.
  const sentOn = options.createdOn;
  if (pending) {
    act(ActivityType.AgreementCreation, sentOn, 'Agreement activated by staff; waiting for the member’s approval', {
      data: {
        ContractId: agreementId,
        event: AgreementEvent.StaffActivate,
        fromStatus: AgreementStatus.PendingApproval,
        toStatus: AgreementStatus.PendingApproval,
      },
    });
  }
  const depositType = input.depositType;
  const nextDeposit = history.deposits.find((d) => d.dueDate > today);
  Object.assign(history.agreementValues, {
    contribution_date: period.start,
    next_deposit_date:
      (history.deposits.find((d) => d.values.status === DepositStatus.Missed) ?? nextDeposit)?.dueDate ?? null,
    next_deposit_amount: toDecimalString(cents(planned.depositAmount + planned.missedAmount)),
    bi_monthly_first_date: input.frequency === ContributionFrequency.BiMonthly ? period.start : null,
    bi_monthly_second_date: input.frequency === ContributionFrequency.BiMonthly ? addDays(period.start, 14) : null,
    selected_contribution_date: input.frequency === ContributionFrequency.BiMonthly ? 1 : null,
    deposit_type: depositType,
    remitter_name: depositType === DepositType.PayrollDeduction ? 'Riverbend Health Service' : null,
    remitter_number:
      depositType === DepositType.PayrollDeduction ? `RHS${String(input.memberId).padStart(6, '0')}` : null,
    periodical_payment_account_id: depositType === DepositType.PeriodicalPayment ? input.linkedAccountId : null,
    overdraw_rule_id: options.overdrawRuleId,
    overdraw_rule_duration_days: 56,
    payment_capacity_confirmed: true,
    member_approved_at: pending ? null : at(addDays(period.start, -2), 19).toISOString(),
    activated_at: (pending ? at(sentOn, 14) : at(addDays(period.start, -1), 17)).toISOString(),
    wizard_step: null,
    created_at: at(options.createdOn, 10).toISOString(),
    updated_at: at(today, 8).toISOString(),
  });
  history.activatedBy = 'agent';
  history.preferences = {
    branchId: options.branchId,
    members: options.holders.map((holder) => ({
      memberId: holder.memberId,
      preference: holder.email
        ? NotificationPreference.Email
        : holder.mobile
          ? NotificationPreference.Sms
          : NotificationPreference.None,
    })),
  };

  for (const deposit of history.deposits.filter((d) => d.values.status === DepositStatus.Missed)) {
    act(
      ActivityType.MemberMissedDeposit,
      addDays(deposit.dueDate, 1),
      `Deposit of ${formatCurrency(deposit.amount)} due ${formatDisplayDate(deposit.dueDate)} was not received`,
      { staff: null, agentName: null, transactionStatus: TransactionStatus.Failed },
    );
    notify(
      notification(
        'MissedDepositNotification',
        at(addDays(deposit.dueDate, 1), 9),
        'We did not receive your deposit',
        `Dear ${name}, the deposit of ${formatCurrency(deposit.amount)} due on ${formatDisplayDate(deposit.dueDate)} has not arrived. Bill payments are paused until it does.`,
        `Deposit of ${formatCurrency(deposit.amount)} not received. Bill payments paused.`,
      ),
    );
  }
  bills.forEach((bill, billIndex) => {
    if (bill.notified) {
      act(
        ActivityType.MissedBill,
        addDays(bill.seed.dueDate, 8),
        `${bill.name} bill due ${formatDisplayDate(bill.seed.dueDate)} is overdue`,
        { staff: null, agentName: null, billIndex, billerIndex: bill.billerIndex },
      );
      notify(
        notification(
          'BillReminder',
          at(addDays(bill.seed.dueDate, 8), 9),
          'A bill is overdue',
          `Dear ${name}, your ${bill.name} bill of ${formatCurrency(bill.seed.amount)} was due on ${formatDisplayDate(bill.seed.dueDate)}.`,
          `${bill.name} bill overdue.`,
        ),
      );
    }
    if (bill.special === 'failed' && bill.payDate && bill.billerIndex !== null) {
      const biller = input.billers[bill.billerIndex];
      biller.values.status = BillerStatus.OnHold;
      biller.values.on_hold_date = bill.payDate;
      act(ActivityType.FailedBill, addDays(bill.payDate, 2), `${bill.name} bill failed: the biller is on hold`, {
        staff: null,
        agentName: null,
        billIndex,
        billerIndex: bill.billerIndex,
        transactionStatus: TransactionStatus.Failed,
      });
      notify(
        notification(
          'BillPaymentFailedNotification',
          at(addDays(bill.payDate, 2), 10),
          'A bill payment could not be made',
          `Dear ${name}, the ${bill.name} bill paid on the ${formatDisplayDate(bill.payDate)} has failed and has been placed on hold awaiting resolution.`,
          `${bill.name} bill payment failed and is on hold.`,
        ),
      );
      if (options.rich)
        history.notes.push({
          target: { billerIndex: bill.billerIndex },
          entityType: NoteEntityType.Biller,
          text: 'Biller says the reference number changed; waiting for the new one before releasing the hold.',
          createdAt: at(addDays(bill.payDate, 3), 11),
          staff: 'agent',
        });
    }
    if (bill.special === 'short' && bill.payDate) {
      notify(
        notification(
          'ShortPaidBillNotification',
          at(addDays(bill.payDate, 1), 9),
          'A bill was only partly paid',
          `Dear ${name}, the ${bill.name} bill was short-paid; ${formatCurrency(cents(bill.actual - bill.seed.amount - bill.seed.contingency))} is owing and must be paid by you.`,
          `${bill.name} bill short-paid.`,
        ),
      );
    }
    if (bill.special === 'arrears') {
      history.approvals.push({
        approvalType: ApprovalKind.BillPaymentInArrears,
        billIndex,
        managerName: options.managerName,
        note: 'Member has arranged to clear the arrears on payday; pay the overdue bill now.',
        approvalGranted: true,
        createdAt: at(today, 9),
        usedAt: at(today, 10, 30),
      });
      history.approvals.push({
        approvalType: ApprovalKind.BillPaymentInArrears,
        billIndex,
        managerName: options.managerName,
        note: 'No arrangement yet: do not pay.',
        approvalGranted: false,
        createdAt: at(addDays(today, -3), 15),
      });
    }
  });

  if (options.lockedOn) {
    Object.assign(history.agreementValues, {
      locked_at: at(options.lockedOn, 16).toISOString(),
      lock_reason: 'Repeated bill payment failures',
    });
    act(ActivityType.LockedAgreement, options.lockedOn, 'Agreement locked after repeated bill payment failures');
  }
  if (options.earlierLock) {
    act(
      ActivityType.LockedAgreement,
      addDays(today, -150),
      'Agreement locked pending a review of the member’s contact details',
    );
    act(ActivityType.AgreementUnlocked, addDays(today, -140), 'Agreement unlocked: contact details confirmed');
  }
  if (options.approvals === 'pendingAgreement') {
    const overdraw = cents(650_000);
    history.approvals.push({
      approvalType: ApprovalKind.DepositOverdraw,
      amount: overdraw,
      managerName: options.managerName,
      note: 'Overdraw in the first weeks is covered by the member’s bonus in March.',
      approvalGranted: true,
      createdAt: at(options.createdOn, 11),
    });
    history.approvals.push({
      approvalType: ApprovalKind.ContractUpperLimit,
      amount: cents(5_240_000),
      managerName: options.managerName,
      note: 'Large rent component; income verified.',
      approvalGranted: true,
      createdAt: at(options.createdOn, 11, 20),
    });
    act(
      ActivityType.OverrideUpperLimit,
      options.createdOn,
      'You have successfully over-ridden the upper limit for an overdraw on an agreement.',
    );
    Object.assign(history.agreementValues, {
      override_overdraw_rule: true,
      override_overdraw_rule_duration_days: 84,
      approved_overdraw_amount: toDecimalString(overdraw),
    });
  }
  if (options.rich) addRichStory(planned, input, options, act, notify, name);
}
