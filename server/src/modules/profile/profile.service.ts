import type { EntityManager } from '@mikro-orm/postgresql';
import { assertMemberAccess } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { NotificationPreference } from '../../shared/notification/notification-codes.js';
import { memberLinkedAccounts } from '../ledger/index.js';
import type { MemberView } from '../member/index.js';
import { loadMemberAccount } from '../agreement/index.js';
import type { LinkedAccountView } from '../linked-account/index.js';
import type { NotificationPreferences, Profile } from './profile.types.js';

type MemberRow = {
  id: number;
  member_number: string;
  first_name: string;
  last_name: string;
  email: string | null;
  mobile_phone: string | null;
  is_active: boolean;
  is_resigned: boolean;
  branch_name: string | null;
};

function memberView(row: MemberRow): MemberView {
  return {
    memberId: Number(row.id),
    memberNumber: row.member_number,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    mobilePhone: row.mobile_phone,
    isActive: row.is_active,
    isResigned: row.is_resigned,
    branchName: row.branch_name,
    signInLocked: null,
  };
}

/** The profile page and the member's savings accounts (GET /api/members/{id}/availableaccounts). */
export class ProfileService {
  /** The member's active savings accounts with their available (ledger) balances, the default first. */
  async availableAccounts(em: EntityManager, user: CurrentUser | null, memberId: number): Promise<LinkedAccountView[]> {
    assertMemberAccess(user, memberId);
    const accounts = await memberLinkedAccounts(em, [memberId]);
    return accounts
      .filter((account) => account.isActive)
      .map((account) => ({
        linkedAccountId: account.linkedAccountId,
        accountNumber: account.accountNumber,
        accountNickname: account.nickname ?? account.accountNumber,
        availableBalance: account.availableBalance,
      }));
  }

  async profile(em: EntityManager, user: CurrentUser | null, memberId: number, accountId: number): Promise<Profile> {
    const context = await loadMemberAccount(em, user, memberId, accountId);
    const agreementId = context.agreement?.id ?? null;
    const members = await em.execute<MemberRow[]>(
      `select m.id, m.member_number, m.first_name, m.last_name, m.email, m.mobile_phone, m.is_active, m.is_resigned,
              b.name as branch_name
       from member_account_link l join member m on m.id = l.member_id left join branch b on b.id = m.branch_id
       where l.account_id = ? and l.is_active order by l.is_primary desc, l.id`,
      [context.accountId],
    );
    const linkedAccounts = await this.availableAccounts(em, user, memberId);
    const preferences = agreementId === null ? null : await this.preferences(em, agreementId, memberId);
    const views = members.map(memberView);
    const member = views.find((view) => view.memberId === memberId);
    if (!member) throw new Error(`Member ${memberId} is linked to account ${accountId} but was not listed`);
    return { member, members: views, linkedAccounts, notificationPreferences: preferences };
  }

  /**
   * The member's contact method for the agreement (Email, Sms or None), whether any biller sends bill reminders,
   * and whether missed-deposit messages are on (all subscribed by default, spec 3 §9).
   */
  private async preferences(
    em: EntityManager,
    agreementId: number,
    memberId: number,
  ): Promise<NotificationPreferences> {
    const rows = await em.execute<{ preference: number | null; missed: boolean | null; reminders: boolean }[]>(
      `select (select p.notification_preference from member_notification_preference p
               where p.agreement_id = ? and p.member_id = ?) as preference,
              (select c.notify_missed_deposit from contract_preferences c where c.agreement_id = ?) as missed,
              exists (select 1 from biller b where b.agreement_id = ? and b.status <> 3 and b.is_notification_enabled)
                as reminders`,
      [agreementId, memberId, agreementId, agreementId],
    );
    const row = rows[0];
    const preference = row?.preference === null || row?.preference === undefined ? null : Number(row.preference);
    return {
      email: preference === NotificationPreference.Email,
      sms: preference === NotificationPreference.Sms,
      billReminders: row?.reminders === true,
      depositReminders: row?.missed ?? true,
    };
  }
}
