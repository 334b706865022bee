import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { ForbiddenError, NotFoundError } from '../../shared/errors.js';
import { formatDisplayDate, type LocalDate } from '../../shared/local-date.js';
import { parseMoney } from '../../shared/money.js';
import { DepositStatus, type ProjectionService } from '../agreement/index.js';
import { BillStatus } from '../bill/index.js';
import type { SettingsService } from '../settings/index.js';
import type { EventFacts } from './events.js';
import { EVENT_KIND_ORDER, EVENT_KINDS, EVENT_WHEN, type EventKind } from '../../shared/notification/events.rules.js';
import {
  loadNoticeContext,
  type NoticeContext,
  NoticeNotComposed,
  noticeValues,
  renderNotice,
} from './notice-composer.js';

export interface NoticePreview {
  kind: string;
  templateName: string;
  whenSent: string;
  /** What the example is filled from, in words. */
  example: string;
  emailSubject: string | null;
  emailBody: string | null;
  smsBody: string | null;
  /** Why it cannot be composed for this agreement (then nothing would be sent). */
  problem: string | null;
}

interface Examples {
  bill: { name: string; amount: string; due: string } | null;
  deposit: { amount: string; due: string } | null;
  missed: { amount: string; due: string } | null;
  endDate: string | null;
}

/**
 * Staff preview every member notice of an agreement (issue 22 item 1): each event's template filled for the
 * account's first member from the agreement as it stands (its next bill, next deposit, last missed deposit, arrears,
 * end date) by the same composer that sends them; whatever could not be filled is said, not sent.
 */
export class NoticePreviewService {
  constructor(
    private readonly settings: SettingsService,
    private readonly projections: ProjectionService,
    private readonly clock: Clock,
  ) {}

  async previews(em: EntityManager, user: CurrentUser | null, agreementId: number): Promise<NoticePreview[]> {
    if (!isStaff(requireUser(user).roles)) throw new ForbiddenError();
    const today = this.clock.today();
    let context;
    try {
      context = await loadNoticeContext(em, this.settings, this.projections, agreementId);
    } catch (error) {
      if (error instanceof NoticeNotComposed) throw new NotFoundError('Could not find the agreement.');
      throw error;
    }
    const member = context.members[0];
    if (!member) throw new NotFoundError('Could not find the member on this account.');
    const examples = await this.examples(em, context, today);
    return EVENT_KIND_ORDER.map((kind) => {
      const { facts, example } = exampleFacts(kind, examples, today);
      const base = {
        kind,
        templateName: EVENT_KINDS[kind].template,
        whenSent: EVENT_WHEN[kind],
        example: `${example} For ${member.firstName} ${member.lastName}.`,
      };
      try {
        const rendered = renderNotice(context, kind, member, noticeValues(context, kind, facts));
        return {
          ...base,
          emailSubject: rendered.subject,
          emailBody: rendered.emailBody,
          smsBody: rendered.smsBody,
          problem: null,
        };
      } catch (error) {
        if (!(error instanceof NoticeNotComposed)) throw error;
        return { ...base, emailSubject: null, emailBody: null, smsBody: null, problem: error.message };
      }
    });
  }

  private async examples(em: EntityManager, context: NoticeContext, today: LocalDate): Promise<Examples> {
    const { agreementId } = context;
    const [bill] = await em.execute<{ name: string; amount: string; due: string }[]>(
      `select coalesce(br.nickname, sc.nickname, '') as name, b.expected_amount::text as amount, b.due_date::text as due
       from bill b left join biller br on br.id = b.biller_id
       left join billing_sub_category sc on sc.id = b.billing_sub_category_id
       where b.agreement_id = ? and b.status in (${BillStatus.Scheduled}, ${BillStatus.Upcoming}) and b.due_date >= ?::date
       order by b.due_date, b.id limit 1`,
      [agreementId, today],
    );
    const [missed] = await em.execute<{ amount: string; due: string }[]>(
      `select (expected_amount - received_amount)::text as amount, due_date::text as due from scheduled_deposit
       where agreement_id = ? and status in (${DepositStatus.Missed}, ${DepositStatus.PartlyReceived})
       order by due_date desc limit 1`,
      [agreementId],
    );
    const [agreement] = await em.execute<{ end_date: string | null }[]>(
      'select end_date::text as end_date from agreement where id = ?',
      [agreementId],
    );
    return {
      bill: bill ?? null,
      deposit: context.nextDepositDate
        ? { amount: context.nextDepositAmount ?? '0', due: context.nextDepositDate }
        : null,
      missed: missed ?? null,
      endDate: agreement?.end_date ?? null,
    };
  }
}

/** The facts an example of each kind is filled with, and what they are, in words. */
function exampleFacts(kind: EventKind, examples: Examples, today: LocalDate): { facts: EventFacts; example: string } {
  const { bill, deposit, missed } = examples;
  const billFacts = bill ? { amount: parseMoney(bill.amount), date: bill.due, billerName: bill.name } : {};
  const billWords = bill ? 'Filled from the next bill.' : 'The agreement has no bill to come.';
  switch (kind) {
    case 'billReminder':
    case 'billReminderAutoPay':
      return { facts: billFacts, example: billWords };
    case 'billPaymentFailed':
    case 'billPaymentDelayed':
    case 'shortPaidBill':
      return { facts: { ...billFacts, date: today }, example: `${billWords} As if paid today.` };
    case 'depositReminder':
      return deposit
        ? { facts: { amount: parseMoney(deposit.amount), date: deposit.due }, example: 'Filled from the next deposit.' }
        : { facts: {}, example: 'The agreement has no deposit to come.' };
    case 'missedDeposit': {
      const source = missed ?? deposit;
      return source
        ? {
            facts: { amount: parseMoney(source.amount), date: source.due },
            example: missed ? 'Filled from the last missed deposit.' : 'As if the next deposit were missed.',
          }
        : { facts: {}, example: 'The agreement has no deposit.' };
    }
    case 'renewalDue':
      return { facts: { date: examples.endDate }, example: 'Filled from the end date.' };
    case 'agreementChanged':
      return {
        facts: {
          change: examples.endDate ? `it now ends on ${formatDisplayDate(examples.endDate as LocalDate)}` : null,
        },
        example: 'As if the end date had been moved.',
      };
    case 'agreementCancelled':
      return { facts: { date: today }, example: 'As if cancelled today.' };
    case 'agreementApproved':
    case 'agreementApplied':
      return { facts: {}, example: 'Filled from the next deposit.' };
  }
}
