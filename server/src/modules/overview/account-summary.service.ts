import type { EntityManager } from '@mikro-orm/postgresql';
import { assertAccountAccess, assertMemberAccess, NO_ACCESS, requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import { isStaff } from '../../common/auth/roles.js';
import type { Clock } from '../../shared/clock.js';
import { ForbiddenError, NotFoundError } from '../../shared/errors.js';
import {
  accountStatusOf,
  AGREEMENT_COLUMNS,
  type AgreementFacts,
  agreementFactsOf,
  type AgreementRow,
  AgreementStatus,
  type AgreementSummary,
  billersOnHold,
  checkAccountId,
  currentAgreementJoin,
  loadAgreementFacts,
  loadBillers,
  loadBills,
  loadMemberAccount,
  type OverviewBiller,
  type ProjectionService,
  splitBillers,
  toAgreementSummary,
} from '../agreement/index.js';
import { agreementBalances, memberLinkedAccounts, ZERO_BALANCES } from '../ledger/index.js';
import type { LinkedAccountView } from '../linked-account/index.js';
import type { AccountBalance, AccountSummary } from './account-summary.types.js';

/**
 * The account's figures behind the smaller REST calls of the member area (spec 1 §7): balances, numbers,
 * arrears, summaries by contract, the biller lists. Same access rules as the overview.
 */
export class AccountSummaryService {
  constructor(
    private readonly clock: Clock,
    private readonly projections: ProjectionService,
  ) {}

  /** The account (access checked) and its current agreement, in one statement. */
  private async account(em: EntityManager, user: CurrentUser | null, accountId: number) {
    const id = checkAccountId(accountId);
    await assertAccountAccess(em, user, id);
    const rows = await em.execute<AgreementRow[]>(
      `select a.id as account_id, a.account_number, a.is_active, ${AGREEMENT_COLUMNS}
       from account a
       ${currentAgreementJoin('a')}
       where a.id = ?`,
      [id],
    );
    if (rows.length === 0) throw new NotFoundError('Could not find member or contract.');
    return {
      accountId: id,
      accountNumber: String(rows[0].account_number),
      isActive: rows[0].is_active === true,
      agreement: agreementFactsOf(rows[0]),
    };
  }

  /** A contract of the account: a member gets one refusal whether it is another account's or does not exist. */
  private async contractOf(em: EntityManager, user: CurrentUser, accountId: number, contractId: number) {
    const agreement = await loadAgreementFacts(em, contractId);
    if (!agreement || agreement.accountId !== accountId) {
      if (isStaff(user.roles)) throw new NotFoundError('Could not load contract');
      throw new ForbiddenError(NO_ACCESS);
    }
    return agreement;
  }

  private async summaryOf(
    em: EntityManager,
    agreement: AgreementFacts,
    memberResigned = false,
  ): Promise<AgreementSummary> {
    const projection = await this.projections.forAgreement(em, agreement);
    const billers = await loadBillers(em, [agreement.id]);
    const bills = await loadBills(em, [agreement.id]);
    return toAgreementSummary(agreement, projection, billersOnHold(billers, bills), memberResigned);
  }

  /** The current agreement's summary, or the given contract's (it must be the account's). */
  async agreementSummary(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
    contractId?: number,
  ): Promise<AgreementSummary | null> {
    const context = await loadMemberAccount(em, user, memberId, accountId);
    const agreement =
      contractId === undefined
        ? context.agreement
        : await this.contractOf(em, requireUser(user), context.accountId, contractId);
    return agreement ? this.summaryOf(em, agreement, context.memberResigned) : null;
  }

  /** The contract's billers paid automatically, or by hand (billers, then sub-categories). */
  async billerList(
    em: EntityManager,
    user: CurrentUser | null,
    contractId: number,
    accountId: number,
    kind: 'auto' | 'manual',
  ): Promise<OverviewBiller[]> {
    const id = checkAccountId(accountId);
    const caller = requireUser(user);
    await assertAccountAccess(em, caller, id);
    const agreement = await this.contractOf(em, caller, id, contractId);
    const billers = await loadBillers(em, [agreement.id]);
    const bills = await loadBills(em, [agreement.id]);
    const split = splitBillers(billers, bills, this.clock.today());
    return kind === 'auto' ? split.auto : split.manual;
  }

  async accountSummary(em: EntityManager, user: CurrentUser | null, accountId: number): Promise<AccountSummary> {
    const account = await this.account(em, user, accountId);
    return {
      accountId: account.accountId,
      accountNumber: account.accountNumber,
      isActive: account.isActive,
      status: accountStatusOf(account.agreement?.status),
      agreement: account.agreement ? await this.summaryOf(em, account.agreement) : null,
    };
  }

  /** The current agreement's balances from the ledger (zero without an agreement). */
  async accountBalance(em: EntityManager, user: CurrentUser | null, accountId: number): Promise<AccountBalance> {
    const account = await this.account(em, user, accountId);
    const contractId = account.agreement?.id ?? null;
    const balances = contractId === null ? ZERO_BALANCES : (await agreementBalances(em, [contractId])).get(contractId);
    return { accountId: account.accountId, contractId, ...(balances ?? ZERO_BALANCES) };
  }

  /** Whether to warn that the contract holds nothing: its balances add up to zero or less. */
  async isWarnZeroBalance(
    em: EntityManager,
    user: CurrentUser | null,
    accountId: number,
    contractId: number,
  ): Promise<boolean> {
    const id = checkAccountId(accountId);
    const caller = requireUser(user);
    await assertAccountAccess(em, caller, id);
    const agreement = await this.contractOf(em, caller, id, contractId);
    const balances = (await agreementBalances(em, [agreement.id])).get(agreement.id) ?? ZERO_BALANCES;
    return balances.total <= 0;
  }

  /** Whether the current agreement is in missed deposit (4). */
  async isInArrears(em: EntityManager, user: CurrentUser | null, memberId: number, accountId: number) {
    const context = await loadMemberAccount(em, user, memberId, accountId);
    return context.agreement?.status === AgreementStatus.MissedDeposit;
  }

  async accountNumber(em: EntityManager, user: CurrentUser | null, accountId: number): Promise<string> {
    return (await this.account(em, user, accountId)).accountNumber;
  }

  /** The number of the member's first active account (active link, active product account); '' when none. */
  async activeAccountNumber(em: EntityManager, user: CurrentUser | null, memberId: number): Promise<string> {
    assertMemberAccess(user, memberId);
    const rows = await em.execute<{ account_number: string }[]>(
      `select a.account_number from member_account_link l join account a on a.id = l.account_id
       where l.member_id = ? and l.is_active and a.is_active order by l.is_primary desc, a.id limit 1`,
      [memberId],
    );
    return rows[0]?.account_number ?? '';
  }

  /**
   * The default savings account (the first active one when none is default): the caller's own for a member, the
   * account's primary holder's for staff.
   */
  async defaultSavingsAccount(
    em: EntityManager,
    user: CurrentUser | null,
    accountId: number,
  ): Promise<LinkedAccountView | null> {
    const account = await this.account(em, user, accountId);
    const caller = requireUser(user);
    // A member only ever sees their own savings accounts; staff see the primary holder's.
    const holders = isStaff(caller.roles)
      ? await em.execute<{ member_id: number }[]>(
          `select member_id from member_account_link where account_id = ? and is_active
           order by is_primary desc, id limit 1`,
          [account.accountId],
        )
      : [{ member_id: caller.memberId ?? 0 }];
    if (holders.length === 0) return null;
    const accounts = await memberLinkedAccounts(em, [Number(holders[0].member_id)]);
    const chosen = accounts.find((a) => a.isActive && a.isDefault) ?? accounts.find((a) => a.isActive);
    return chosen
      ? {
          linkedAccountId: chosen.linkedAccountId,
          accountNumber: chosen.accountNumber,
          accountNickname: chosen.nickname ?? chosen.accountNumber,
          availableBalance: chosen.availableBalance,
        }
      : null;
  }
}
