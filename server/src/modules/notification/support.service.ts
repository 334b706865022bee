import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { assertAccountAccess, requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import { DomainError, NotFoundError } from '../../shared/errors.js';
import type { SettingsService } from '../settings/index.js';
import { NotificationChannel, NotificationSourceType } from '../../shared/notification/notification-codes.js';
import { NOTIFICATION_MESSAGES } from '../../shared/notification/notification-templates.rules.js';
import type { NotificationOutbox } from './outbox.js';
import { supportEmailText } from './support.rules.js';
import { accountMember, holderLinksOf, holderLinksSql } from '../branch/index.js';

export interface SupportContact {
  supportEmail: string;
  supportUrl: string;
  helpUrl: string;
}

/**
 * Contact support (spec 1 §2 modals, §7): the support team's contact (getbillsumosupportcontact) and the modal's
 * message, e-mailed to the support team through the outbox with the sender, the member and the account.
 */
export class SupportService {
  constructor(
    private readonly outbox: NotificationOutbox,
    private readonly settings: SettingsService,
    private readonly logger: Logger,
  ) {}

  async contact(em: EntityManager, user: CurrentUser | null): Promise<SupportContact> {
    requireUser(user);
    const { supportEmail, supportUrl, helpUrl } = await this.settings.clientSettings(em);
    return { supportEmail, supportUrl, helpUrl };
  }

  /** Answers 'Message sent…' once the e-mail to the support team is queued. */
  async send(
    em: EntityManager,
    maybeUser: CurrentUser | null,
    request: { accountId: number | null; message: string | null | undefined },
  ): Promise<{ message: string; notificationId: number }> {
    const user = requireUser(maybeUser);
    if (request.accountId !== null) await assertAccountAccess(em, user, request.accountId);
    const text = (request.message ?? '').trim();
    if (!text) throw new DomainError('REQUIRED', NOTIFICATION_MESSAGES.supportMessageRequired, 'message');
    if (text.length > 4000) {
      throw new DomainError(
        'TOO_LONG',
        `The message can be at most 4000 characters (it has ${text.length}).`,
        'message',
      );
    }
    const account = request.accountId === null ? null : await this.account(em, request.accountId);
    const memberId = user.memberId ?? account?.memberId ?? null;
    const member = memberId === null ? null : await this.member(em, memberId);
    const { supportEmail } = await this.settings.clientSettings(em);
    const email = supportEmailText({
      sender: { name: user.displayName, username: user.username, staff: isStaff(user.roles) },
      member,
      accountNumber: account?.accountNumber ?? null,
      message: text,
    });
    try {
      const notificationId = await em.fork().transactional((tx) =>
        this.outbox.enqueue(tx, {
          sourceType: NotificationSourceType.SupportMessage,
          name: 'SupportMessage',
          channel: NotificationChannel.Email,
          to: supportEmail,
          subject: email.subject,
          body: email.body,
          message: text,
          memberId,
          accountId: request.accountId,
          createdByUserId: user.userId,
        }),
      );
      this.outbox.wake();
      return { message: NOTIFICATION_MESSAGES.messageSent, notificationId };
    } catch (error) {
      this.logger.error({ err: error }, 'support message not queued');
      throw new DomainError('SUPPORT_MESSAGE_FAILED', 'Could not send the message. Please try again later.');
    }
  }

  private async account(em: EntityManager, accountId: number) {
    const [row] = await em.execute<{ account_number: string; holder_links: unknown }[]>(
      `select a.account_number, ${holderLinksSql('a.id')} as holder_links from account a where a.id = ?`,
      [accountId],
    );
    if (!row) throw new NotFoundError('Could not find the account.');
    // The account's member by the one rule (branch/agreement-owner.rules.ts).
    return {
      accountNumber: row.account_number,
      memberId: accountMember(holderLinksOf(row.holder_links))?.memberId ?? null,
    };
  }

  private async member(em: EntityManager, memberId: number) {
    const [row] = await em.execute<Record<string, string | null>[]>(
      'select member_number, first_name, last_name, email, mobile_phone from member where id = ?',
      [memberId],
    );
    if (!row) return null;
    return {
      memberNumber: String(row.member_number),
      name: `${row.first_name} ${row.last_name}`,
      email: row.email,
      mobile: row.mobile_phone,
    };
  }
}
