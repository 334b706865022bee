import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff, actsAsStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError, ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { type Cents, formatCurrency, toDecimalString } from '../../shared/money.js';
import {
  type AgreementStatus,
  currentAgreementFirst,
  loadAgreementFacts,
  type ProjectionService,
} from '../agreement/index.js';
import type { SettingsService } from '../settings/index.js';
import {
  NotificationChannel,
  type NotificationPreference,
  NotificationSourceType,
} from '../../shared/notification/notification-codes.js';
import {
  agreementTemplateValues,
  APPROVAL_TEMPLATE,
  canSendApprovalNotification,
  canSendNotification,
  checkSmsLength,
  checkTemplateText,
  manualChannels,
  messageDate,
  NOTIFICATION_MESSAGES,
  placeholdersOf,
  renderTemplate,
  type TemplateValues,
  type BillValues,
  valuesForTemplate,
  whenSentByHand,
} from '../../shared/notification/notification-templates.rules.js';
import type { NotificationOutbox } from './outbox.js';
import { EVENT_WHEN, eventKindOfTemplate } from '../../shared/notification/events.rules.js';
import { coreBankingSettings, renewalDueWindow } from '../settings/index.js';
import { addDays, type LocalDate } from '../../shared/local-date.js';
import {
  BILL_DUE_SOON_DAYS,
  type ContactSituation,
  suggestedTemplate,
  templateOffered,
} from './contact-template.rules.js';
import { institutionFacts } from './notification-settings.js';
import { isWorkItemKey, recordWorkDone, WORKLIST_MESSAGES } from '../worklist/index.js';
import { accountMember, holderLinksOf, holderLinksSql } from '../branch/index.js';

export interface TemplateView {
  templateId: number;
  templateName: string;
  title: string;
  emailSubject: string;
  emailTemplate: string;
  smsTemplate: string;
  isManual: boolean;
  placeholders: string[];
  whenSent: string;
}

export interface TemplatePreview {
  templateId: number;
  templateName: string;
  title: string;
  accountId: number;
  memberId: number;
  contractId: number;
  emailSubject: string;
  emailBody: string;
  smsBody: string;
  /** The template that fits the agreement as it stands (Contact member opens with it). */
  suggested: boolean;
}

export interface ManualNotificationRequest {
  accountId: number;
  memberId: number;
  contractId: number;
  templateId?: number | null;
  notificationName?: string | null;
  emailSubject?: string | null;
  emailBody?: string | null;
  smsBody?: string | null;
  message?: string | null;
  /** The worklist row this contact answers (done with the send). */
  worklistKey?: string | null;
}

export interface SendResult {
  message: string;
  notificationIds: number[];
}

export interface TemplateUpdate {
  templateId: number;
  title: string;
  emailSubject: string;
  emailTemplate: string;
  smsTemplate: string;
}

interface Recipient {
  agreementId: number;
  status: AgreementStatus;
  memberId: number;
  email: string | null;
  mobile: string | null;
  preference: NotificationPreference | null;
  values: TemplateValues;
  nextBill: BillValues | null;
  /** The amount in arrears (missed deposits still owing), formatted. */
  arrearsAmount: string;
  /** The first short day, the bill taking it short and the top-up that avoids it (the projection's forecast). */
  shortfall: BillValues | null;
  situation: ContactSituation;
}

function billValues(billerName: string, amount: Cents, date: LocalDate): BillValues {
  return { billerName, amount: formatCurrency(amount), date: messageDate(date) };
}

const TEMPLATE_COLUMNS = `id, template_name, title, email_subject, email_template, sms_template, is_manual`;

function templateView(row: Record<string, unknown>): TemplateView {
  const templateName = String(row.template_name);
  const kind = eventKindOfTemplate(templateName);
  return {
    templateId: Number(row.id),
    templateName,
    title: String(row.title),
    emailSubject: String(row.email_subject),
    emailTemplate: String(row.email_template),
    smsTemplate: String(row.sms_template),
    isManual: row.is_manual === true,
    placeholders: [...placeholdersOf(kind)],
    whenSent: kind ? EVENT_WHEN[kind] : whenSentByHand(templateName),
  };
}

function staff(user: CurrentUser | null, write: boolean): CurrentUser {
  const caller = requireUser(user);
  const allowed = write ? actsAsStaff(caller.roles) : isStaff(caller.roles);
  if (!allowed) throw new ForbiddenError();
  return caller;
}

function text(value: string | null | undefined): string {
  return (value ?? '').trim();
}

/**
 * Contact member (spec 1 §2 modals, §3; 3 §3, §5): the templates staff edit, their previews filled from an
 * account's agreement, and the manual send (statuses 1, 4, 7, 8), which goes through the outbox (the member's
 * activity 12 is written when the message is delivered).
 */
export class NotificationService {
  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly settings: SettingsService,
    private readonly projections: ProjectionService,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async templates(em: EntityManager, user: CurrentUser | null): Promise<TemplateView[]> {
    staff(user, false);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${TEMPLATE_COLUMNS} from notification_template where is_active order by is_manual desc, title`,
    );
    return rows.map(templateView);
  }

  async template(em: EntityManager, user: CurrentUser | null, templateId: number): Promise<TemplateView> {
    staff(user, false);
    const [row] = await em.execute<Record<string, unknown>[]>(
      `select ${TEMPLATE_COLUMNS} from notification_template where id = ? and is_active`,
      [templateId],
    );
    if (!row) throw new NotFoundError('Could not find the notification template.');
    return templateView(row);
  }

  /** GetManualWithPreview/{accountId}: each manual template filled from the account's current agreement. */
  async manualPreviews(
    em: EntityManager,
    user: CurrentUser | null,
    accountId: number,
    memberId: number | null = null,
    contractId: number | null = null,
  ): Promise<TemplatePreview[]> {
    staff(user, false);
    const recipient = await this.recipient(em, accountId, memberId, contractId);
    const rows = await em.execute<Record<string, unknown>[]>(
      `select ${TEMPLATE_COLUMNS} from notification_template where is_manual and is_active order by title`,
    );
    // Only what is true of the agreement (arrears only when in arrears), the one that fits it first (issue 22 item 4).
    const suggested = suggestedTemplate(recipient.situation);
    const offered = rows.map(templateView).filter((t) => templateOffered(t.templateName, recipient.situation));
    const first = offered.filter((t) => t.templateName === suggested);
    return [...first, ...offered.filter((t) => t.templateName !== suggested)].map((template) => {
      const texts = [template.emailSubject, template.emailTemplate, template.smsTemplate];
      const values = valuesForTemplate(template.templateName, texts, recipient.values, recipient);
      return {
        templateId: template.templateId,
        templateName: template.templateName,
        title: template.title,
        accountId,
        memberId: recipient.memberId,
        contractId: recipient.agreementId,
        emailSubject: renderTemplate(template.emailSubject, values),
        emailBody: renderTemplate(template.emailTemplate, values),
        smsBody: renderTemplate(template.smsTemplate, values),
        suggested: template.templateName === suggested,
      };
    });
  }

  /**
   * GetContractApprovingPreview?contractId: the approval notification (ContractApprovingNotification) filled from
   * the agreement and its member, as the confirm page's Notify dialog shows it before staff send it.
   */
  async approvalPreview(em: EntityManager, user: CurrentUser | null, contractId: number): Promise<TemplatePreview> {
    staff(user, false);
    const [agreement] = await em.execute<{ account_id: number }[]>('select account_id from agreement where id = ?', [
      contractId,
    ]);
    if (!agreement) throw new NotFoundError('Could not find member or contract.');
    const accountId = Number(agreement.account_id);
    const recipient = await this.recipient(em, accountId, null, contractId);
    const [row] = await em.execute<Record<string, unknown>[]>(
      `select ${TEMPLATE_COLUMNS} from notification_template where template_name = ? and is_active`,
      [APPROVAL_TEMPLATE],
    );
    if (!row) throw new NotFoundError('Could not find the notification template.');
    const template = templateView(row);
    const values = valuesForTemplate(
      template.templateName,
      [template.emailSubject, template.emailTemplate, template.smsTemplate],
      recipient.values,
      recipient,
    );
    return {
      templateId: template.templateId,
      templateName: template.templateName,
      title: template.title,
      accountId,
      memberId: recipient.memberId,
      contractId,
      emailSubject: renderTemplate(template.emailSubject, values),
      emailBody: renderTemplate(template.emailTemplate, values),
      smsBody: renderTemplate(template.smsTemplate, values),
      suggested: true,
    };
  }

  /** sendManually: the (possibly edited) preview, to the member by their preferred channel. */
  async sendManual(
    em: EntityManager,
    user: CurrentUser | null,
    request: ManualNotificationRequest,
  ): Promise<SendResult> {
    const caller = staff(user, true);
    if (request.worklistKey && !isWorkItemKey(request.worklistKey)) {
      throw new DomainError('INVALID_KEY', WORKLIST_MESSAGES.invalidKey, 'worklistKey');
    }
    const recipient = await this.recipient(em, request.accountId, request.memberId, request.contractId);
    const template = request.templateId ? await this.template(em, caller, request.templateId) : null;
    const name = text(request.notificationName) || template?.templateName || 'ManualNotification';
    const approval = name === APPROVAL_TEMPLATE;
    if (approval && !canSendApprovalNotification(recipient.status)) {
      throw new DomainError('STATUS_NOT_ALLOWED', NOTIFICATION_MESSAGES.approvalStatusNotAllowed, 'contractId');
    }
    if (!approval && !canSendNotification(recipient.status)) {
      throw new DomainError('STATUS_NOT_ALLOWED', NOTIFICATION_MESSAGES.statusNotAllowed, 'contractId');
    }
    const channels = manualChannels(recipient.preference, { email: recipient.email, mobile: recipient.mobile });
    const values = valuesForTemplate(
      name,
      [text(request.emailSubject), text(request.emailBody), text(request.smsBody)],
      recipient.values,
      recipient,
    );
    const subject = renderTemplate(text(request.emailSubject), values);
    const body = renderTemplate(text(request.emailBody), values);
    const sms = renderTemplate(text(request.smsBody), values);
    if (channels.includes(NotificationChannel.Email)) {
      if (!subject) throw new DomainError('REQUIRED', NOTIFICATION_MESSAGES.emailSubjectRequired, 'emailSubject');
      if (!body) throw new DomainError('REQUIRED', NOTIFICATION_MESSAGES.emailBodyRequired, 'emailBody');
    }
    if (channels.includes(NotificationChannel.Sms)) {
      if (!sms) throw new DomainError('REQUIRED', NOTIFICATION_MESSAGES.smsBodyRequired, 'smsBody');
      if (sms.length > 480) throw new DomainError('TOO_LONG', 'The SMS text can be at most 480 characters.', 'smsBody');
    }
    if (subject.length > 200)
      throw new DomainError('TOO_LONG', 'The e-mail subject can be at most 200 characters.', 'emailSubject');
    try {
      const ids = await em.fork().transactional(async (tx) => {
        const queued: number[] = [];
        for (const channel of channels) {
          const email = channel === NotificationChannel.Email;
          queued.push(
            await this.outbox.enqueue(tx, {
              sourceType: approval
                ? NotificationSourceType.ContractApprovingNotification
                : NotificationSourceType.ManualNotification,
              name,
              channel,
              to: (email ? recipient.email : recipient.mobile) ?? '',
              subject: email ? subject : null,
              body: email ? body : sms,
              message: text(request.message) || null,
              templateId: template?.templateId ?? null,
              memberId: recipient.memberId,
              accountId: request.accountId,
              agreementId: recipient.agreementId,
              createdByUserId: caller.userId,
            }),
          );
        }
        if (request.worklistKey) {
          await recordWorkDone(
            tx,
            { key: request.worklistKey, action: 'contacted', userId: caller.userId },
            this.clock,
          );
        }
        return queued;
      });
      this.outbox.wake();
      return { message: NOTIFICATION_MESSAGES.queued, notificationIds: ids };
    } catch (error) {
      this.logger.error({ err: error }, 'manual notification not queued');
      throw new DomainError('NOTIFICATION_FAILED', NOTIFICATION_MESSAGES.failed);
    }
  }

  /** Staff edit a template; every text's placeholders are checked. */
  async updateTemplate(em: EntityManager, user: CurrentUser | null, update: TemplateUpdate): Promise<TemplateView> {
    const caller = staff(user, true);
    const before = await this.template(em, caller, update.templateId);
    const allowed = before.placeholders;
    const title = checkTemplateText(update.title, 'title', []);
    const emailSubject = checkTemplateText(update.emailSubject, 'emailSubject', allowed);
    const emailTemplate = checkTemplateText(update.emailTemplate, 'emailTemplate', allowed);
    const smsTemplate = checkSmsLength(checkTemplateText(update.smsTemplate, 'smsTemplate', allowed));
    await em.fork().transactional(async (tx) => {
      await tx.execute(
        `update notification_template set title = ?, email_subject = ?, email_template = ?, sms_template = ? where id = ?`,
        [title, emailSubject, emailTemplate, smsTemplate, update.templateId],
        'run',
      );
      const now = this.clock.now();
      await tx.execute(
        `insert into audit_record (occurred_at, user_id, action, entity_type, entity_id, idempotency_key, request, response)
         values (?, ?, 'updateNotificationTemplate', 'notification_template', ?, ?, ?, ?)`,
        [
          now,
          caller.userId,
          update.templateId,
          `updateNotificationTemplate:${update.templateId}:${now.toISOString()}`,
          JSON.stringify({ title, emailSubject, emailTemplate, smsTemplate }),
          JSON.stringify({ previous: before }),
        ],
        'run',
      );
    });
    return this.template(em, caller, update.templateId);
  }

  /**
   * The account's agreement (the current one, or `contractId`, which must be the account's) and its member (the
   * given one, who must be on the account, else its primary holder), with the values its templates are filled from.
   */
  private async recipient(
    em: EntityManager,
    accountId: number,
    memberId: number | null,
    contractId: number | null,
  ): Promise<Recipient> {
    const [agreement] = await em.execute<Record<string, unknown>[]>(
      `select g.id, g.account_id, a.account_number
       from agreement g join account a on a.id = g.account_id
       where g.account_id = ? and (?::int is null or g.id = ?)
       order by ${currentAgreementFirst('g')} limit 1`,
      [accountId, contractId, contractId],
    );
    if (!agreement) throw new NotFoundError('Could not find the agreement of this account.');
    const agreementId = Number(agreement.id);
    const facts = (await loadAgreementFacts(em, agreementId))!;
    // The agreement as of today: next deposit, arrears, bills due and forecast (modules/agreement/projection).
    const projection = await this.projections.forAgreement(em, facts);
    // The member named (one of the account's), else the account's member by the one rule (agreement-owner.rules.ts).
    const [holders] = await em.execute<{ links: unknown }[]>(`select ${holderLinksSql('?::int')} as links`, [
      accountId,
    ]);
    const links = holderLinksOf(holders?.links);
    const chosen =
      memberId === null ? accountMember(links) : (links.find((link) => link.memberId === memberId) ?? null);
    const [member] = chosen
      ? await em.execute<Record<string, unknown>[]>(
          `select m.id, m.first_name, m.last_name, m.member_number, m.email, m.mobile_phone, p.notification_preference
           from member m
           left join member_notification_preference p on p.member_id = m.id and p.agreement_id = ?
           where m.id = ?`,
          [agreementId, chosen.memberId],
        )
      : [];
    if (!member) throw new NotFoundError('Could not find the member on this account.');
    const institution = await institutionFacts(this.settings, em);
    const today = this.clock.today();
    const bill = projection.billsDue.find((due) => due.dueDate >= today && !due.isReimbursement) ?? null;
    const forecast = projection.forecast;
    const shortBill = forecast?.shortBill ?? bill;
    const renewal = renewalDueWindow(today, await coreBankingSettings(em));
    return {
      arrearsAmount: formatCurrency(projection.arrears?.amount ?? (0 as Cents)),
      nextBill: bill ? billValues(bill.billerName, bill.amount, bill.dueDate) : null,
      shortfall:
        forecast?.firstShortDate && forecast.topUpToAvoid !== null
          ? billValues(shortBill?.billerName ?? 'next', forecast.topUpToAvoid, forecast.firstShortDate)
          : null,
      situation: {
        status: facts.status,
        inArrears: (projection.arrears?.amount ?? 0) > 0,
        goingShort: Boolean(forecast?.firstShortDate),
        renewalDue: renewal !== null && facts.endDate >= renewal.from && facts.endDate <= renewal.to,
        billDueSoon: bill !== null && bill.dueDate <= addDays(today, BILL_DUE_SOON_DAYS),
      },
      agreementId,
      status: facts.status,
      memberId: Number(member.id),
      email: (member.email as string | null) ?? null,
      mobile: (member.mobile_phone as string | null) ?? null,
      preference:
        member.notification_preference === null || member.notification_preference === undefined
          ? null
          : (Number(member.notification_preference) as NotificationPreference),
      values: agreementTemplateValues({
        member: {
          firstName: String(member.first_name),
          lastName: String(member.last_name),
          memberNumber: String(member.member_number),
        },
        accountNumber: String(agreement.account_number),
        agreementId,
        institution,
        nextDepositAmount: projection.nextDeposit ? toDecimalString(projection.nextDeposit.amount) : null,
        nextDepositDate: projection.nextDeposit?.date ?? null,
        endDate: facts.endDate,
      }),
    };
  }
}
