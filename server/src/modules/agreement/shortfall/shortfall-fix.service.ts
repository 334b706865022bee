import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../../common/auth/access.js';
import { systemUser } from '../../../common/auth/system-user.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import { actsAsStaff, Role } from '../../../common/auth/roles.js';
import type { Clock } from '../../../shared/clock.js';
import { ActivityType, writeActivity } from '../../activity/index.js';
import { addToDeposits, depositsRelieved } from '../plan/deposit-relief.js';
import { DomainError, ForbiddenError } from '../../../shared/errors.js';
import { formatCurrency, parseMoney, sub, sum, toDecimalString, type Cents } from '../../../shared/money.js';
import { loadMemberAccount, type AccountContext } from '../account-context.js';
import type { ReversalService } from '../../payment/index.js';
import { checkIdempotencyKey, hasIdempotentAnswer } from '../../idempotency/index.js';
import type { ProjectionService } from '../projection/projection.service.js';
import { forecastOf, type ProjectionInput } from '../projection/projection.rules.js';
import { forecastVerdictView } from '../projection/projection.views.js';
import type { ForecastVerdict } from '../projection/projection.types.js';
import { READ_ONLY_REFUSAL } from '../../../common/auth/access.rules.js';
import { DEPOSIT_CHANGE_MESSAGES, type DepositChangeOutcome, type DepositChangeService } from '../deposit-change.js';
import {
  fixAvailability,
  fixRefusal,
  fixWords,
  type FixCaller,
  type FixConfirmation,
  type FixFacts,
  shortfallFixes,
  withFix,
  type ShortfallFix,
  type ShortfallFixes,
  type ShortfallFixKind,
  type SpreadFix,
} from './shortfall-fix.rules.js';

export const SHORTFALL_MESSAGES = {
  topUpApplies: 'The money moves now, from the linked account you choose.',
  staffChangeApplies:
    'This changes the deposits: it is sent to the member for approval (a manager approves it first when the agreement needs one).',
  memberChangeApplies:
    'Confirming asks for the new deposit and approves it: it applies from the next deposit (when the agreement needs a manager’s approval, it is sent to a manager first and comes back to you).',
  readOnly: READ_ONLY_REFUSAL,
  memberRaiseApproved: (deposit: string) =>
    `Your new deposit of ${deposit} is approved: it applies from the next deposit.`,
  memberRaiseNeedsManager: (deposit: string) =>
    `Your new deposit of ${deposit} was sent to a manager for approval: it waits in the approvals queue, then comes back to you to approve.`,
  memberRaiseWaits: 'The new deposit was sent to you for approval: approve it on your agreement’s page.',
  spreadApplies:
    'The next deposits carry the amount as well: nothing else in the agreement changes. Send the extra with them (a payroll or savings transfer you set up yourself needs changing).',
  spreadDone: (amount: string, deposits: number) =>
    `${amount} is spread over the next ${deposits === 1 ? 'deposit' : `${deposits} deposits`}: the forecast shows it.`,
  noShortfall: 'The forecast no longer goes short: there is nothing to fix.',
  fixUnavailable: 'This fix cannot avoid the shortfall: only a top-up now can.',
  fixChanged: 'The figures changed since you looked: check the new amount and confirm again.',
  unknownKind: 'Choose one of the fixes: top up now, raise each deposit, or spread over the next deposits.',
  approvalRequested: DEPOSIT_CHANGE_MESSAGES.approvalRequested,
  topUpDone: (amount: string, account: string) => `${amount} was topped up from account ${account}.`,
} as const;

const KINDS: readonly ShortfallFixKind[] = ['topUp', 'raise', 'spread'];

/** The user a raise the member asked for is prepared as (migration `shortfall_fix_user`): it cannot sign in. */
export const SHORTFALL_FIX_USERNAME = 'system.shortfall-fix';

const HOW_APPLIED: Readonly<Record<FixConfirmation, string>> = {
  readOnly: SHORTFALL_MESSAGES.readOnly,
  moneyNow: SHORTFALL_MESSAGES.topUpApplies,
  spread: SHORTFALL_MESSAGES.spreadApplies,
  staffChange: SHORTFALL_MESSAGES.staffChangeApplies,
  memberChange: SHORTFALL_MESSAGES.memberChangeApplies,
};

/** The caller as rule "who confirms a fix" names them: the member, staff who act, or a read-only role. */
function fixCallerOf(caller: CurrentUser): FixCaller {
  if (caller.roles.includes(Role.MEMBER) && caller.memberId !== null) return 'member';
  return actsAsStaff(caller.roles) ? 'staff' : 'readOnly';
}

/** One fix as the screens show it: the figures, the words, the forecast with it applied, and who applies it. */
export interface ShortfallFixOption {
  fix: ShortfallFix;
  words: string;
  /** The forecast as it would be with the fix applied (server-computed; the client computes none). */
  preview: ForecastVerdict;
  /** The caller can confirm it here. */
  canApply: boolean;
  /** What confirming does (or why it cannot be confirmed here). */
  howApplied: string;
}

export interface ShortfallFixesAnswer {
  accountId: number;
  agreementId: number;
  shortfall: ShortfallFixes;
  options: ShortfallFixOption[];
}

export interface ApplyShortfallFixRequest {
  memberId: number;
  accountId: number;
  kind: string;
  /** The figure the caller confirmed: the top-up, the raised deposit, or the amount spread (a decimal string). */
  amount: string;
  /** The linked account a top-up comes from. */
  accountNumber?: string | null;
  idempotencyKey: string;
}

export interface ShortfallFixOutcome {
  kind: ShortfallFixKind;
  message: string;
  /** The top-up's ledger transaction. */
  transactionId: number | null;
  /** The modification made for a raise (its version). */
  changeAgreementId: number | null;
  /** The change waits for the member's approval. */
  sentToMember: boolean;
  /** The change waits in the managers' approvals queue. */
  waitingForManager: boolean;
}

/** The key a spread's deposits are recorded under: the caller's request, once. */
function spreadKey(caller: CurrentUser, idempotencyKey: string): string {
  return `shortfall-spread:${caller.userId}:${checkIdempotencyKey(idempotencyKey)}`;
}

function spreadOutcome(amount: Cents, deposits: number): ShortfallFixOutcome {
  return {
    kind: 'spread',
    message: SHORTFALL_MESSAGES.spreadDone(formatCurrency(amount), deposits),
    transactionId: null,
    changeAgreementId: null,
    sentToMember: false,
    waitingForManager: false,
  };
}

/** The figure a fix is confirmed by. */
function figureOf(fix: ShortfallFix): Cents {
  return fix.kind === 'topUp' ? fix.amount : fix.kind === 'raise' ? fix.deposit : fix.amount;
}

/**
 * A shortfall fixed in one tap (issue 24 item 1): the forecast's first short day, the bill and the shortfall, the
 * three fixes to the cent (`shortfall-fix.rules.ts`) each with the forecast as it would be, and applying one through
 * the paths every such change takes: the rainy-day top-up from a linked account (ledger, activity, idempotency), or a
 * modification of the deposit (the wizard's start, deposits step and save all, with its member and manager approvals).
 */
export class ShortfallFixService {
  constructor(
    private readonly projections: ProjectionService,
    private readonly reversals: ReversalService,
    private readonly depositChanges: DepositChangeService,
    private readonly clock: Clock,
  ) {}

  /** The shortfall and its fixes; null when the forecast does not go short (or there is no agreement running). */
  async fixes(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<ShortfallFixesAnswer | null> {
    const caller = requireUser(user);
    const context = await loadMemberAccount(em, caller, memberId, accountId);
    const found = await this.load(em, context);
    if (!found) return null;
    const { input, shortfall } = found;
    // The facts the apply path checks (its money rule): the same agreement's status and membership.
    const who = fixCallerOf(caller);
    const facts: FixFacts = {
      caller: who,
      status: context.agreement!.status,
      resigned: context.memberResigned,
      changeRefusal: who === 'readOnly' ? null : await this.changeRefusal(em, caller, who, context.accountId),
    };
    const options = [shortfall.topUp, shortfall.raise, shortfall.spread]
      .filter((fix): fix is ShortfallFix => fix !== null)
      .map((fix) => this.option(input, fix, facts));
    return { accountId: context.accountId, agreementId: input.agreementId, shortfall, options };
  }

  /** Applies the fix the caller confirmed, when its figure is still the one worked out now. */
  async apply(
    em: EntityManager,
    user: CurrentUser | null,
    request: ApplyShortfallFixRequest,
  ): Promise<ShortfallFixOutcome> {
    const caller = requireUser(user);
    const context = await loadMemberAccount(em, caller, request.memberId, request.accountId);
    const kind = KINDS.find((k) => k === request.kind);
    if (!kind) throw new DomainError('UNKNOWN_FIX', SHORTFALL_MESSAGES.unknownKind, 'kind');
    const confirmed = this.confirmedAmount(request.amount);
    if (kind === 'topUp' && context.agreement) {
      const key = checkIdempotencyKey(request.idempotencyKey);
      // A retry of a top-up already made: the same request again (the forecast no longer goes short by then).
      if (await hasIdempotentAnswer(em, caller.userId, key)) {
        return this.topUp(em, caller, context.agreement.id, confirmed, request);
      }
    }
    if (kind === 'spread' && context.agreement) {
      // A retry of a spread already applied answers what it added then.
      const done = await depositsRelieved(em, spreadKey(caller, request.idempotencyKey));
      if (done.length > 0) return spreadOutcome(sum(done.map((c) => sub(c.after, c.before))), done.length);
    }
    const found = await this.load(em, context);
    if (!found) throw new DomainError('NO_SHORTFALL', SHORTFALL_MESSAGES.noShortfall, 'kind');
    const fix = found.shortfall[kind];
    if (!fix) throw new DomainError('FIX_UNAVAILABLE', SHORTFALL_MESSAGES.fixUnavailable, 'kind');
    if (figureOf(fix) !== confirmed) throw new DomainError('FIX_CHANGED', SHORTFALL_MESSAGES.fixChanged, 'amount');
    if (fix.kind === 'topUp') return this.topUp(em, caller, found.input.agreementId, fix.amount, request);
    if (fix.kind === 'spread') return this.spread(em, caller, context, fix, request);
    return this.raise(em, caller, context, fix.deposit);
  }

  private async load(
    em: EntityManager,
    context: AccountContext,
  ): Promise<{ input: ProjectionInput; shortfall: ShortfallFixes } | null> {
    // A resigned membership moves no money and takes no change (spec 1 §4): the verdict says it is suspended.
    if (!context.agreement || context.memberResigned) return null;
    const input = await this.projections.inputFor(em, context.agreement);
    const shortfall = shortfallFixes(input);
    return shortfall && { input, shortfall };
  }

  /** Whether a raise's change of the deposit may start: asked as whoever `raise` starts it as. */
  private async changeRefusal(em: EntityManager, caller: CurrentUser, who: FixCaller, accountId: number) {
    const actor = who === 'member' ? await systemUser(em, SHORTFALL_FIX_USERNAME) : caller;
    return this.depositChanges.refusal(em, actor, accountId);
  }

  /** Applicable only where its apply path would take it (rule `fixAvailability`): otherwise the reason why not. */
  private option(input: ProjectionInput, fix: ShortfallFix, facts: FixFacts): ShortfallFixOption {
    const preview = forecastVerdictView(forecastOf(withFix(input, fix)), facts.resigned);
    const { confirmation, refusal, canApply } = fixAvailability(fix.kind, facts);
    return {
      fix,
      words: fixWords(fix),
      preview,
      canApply,
      howApplied: refusal?.message ?? HOW_APPLIED[confirmation],
    };
  }

  private confirmedAmount(text: string): Cents {
    try {
      return parseMoney(text);
    } catch {
      throw new DomainError('INVALID_AMOUNT', 'Enter the amount as dollars and cents, for example 12.34.', 'amount');
    }
  }

  /**
   * The amount spread over the next deposits (rule "spread over the next deposits"), by the member or staff for them:
   * the deposits' own money, taken as the bank day takes them, so the deposit rule says when (running, not locked, no
   * resigned membership). The deposits, the history (activity 43) and the audit in one transaction; once per key.
   */
  private async spread(
    em: EntityManager,
    caller: CurrentUser,
    context: AccountContext,
    fix: SpreadFix,
    request: ApplyShortfallFixRequest,
  ): Promise<ShortfallFixOutcome> {
    if (!caller.roles.includes(Role.MEMBER) && !actsAsStaff(caller.roles)) throw new ForbiddenError();
    const agreement = context.agreement!;
    const refusal = fixRefusal('spread', {
      caller: fixCallerOf(caller),
      status: agreement.status,
      resigned: context.memberResigned,
    });
    if (refusal) throw new DomainError(refusal.code, refusal.message, 'kind');
    const key = spreadKey(caller, request.idempotencyKey);
    const now = this.clock.now();
    const { plan } = await em.fork().transactional(async (tx) => {
      const applied = await addToDeposits(tx, {
        agreementId: agreement.id,
        accountId: context.accountId,
        key,
        shares: fix.shares,
        from: fix.from,
        today: this.clock.today(),
        now,
      });
      if (applied.replayed) return applied;
      const words = fixWords(fix);
      await writeActivity(tx, {
        type: ActivityType.DepositsSpread,
        accountId: context.accountId,
        memberId: context.memberId,
        agreementId: agreement.id,
        details: `Shortfall spread over deposits: ${words}`,
        data: {
          amount: toDecimalString(fix.amount),
          deposits: applied.plan.changes.map((c) => ({
            dueDate: c.dueDate,
            before: toDecimalString(c.before),
            after: toDecimalString(c.after),
          })),
        },
        agentName: caller.displayName,
        userId: caller.userId,
        occurredAt: now,
      });
      await tx.execute(
        `insert into audit_record (occurred_at, user_id, action, entity_type, entity_id, idempotency_key, request, response)
         values (?, ?, 'spreadShortfall', 'agreement', ?, ?, ?, '{}')`,
        [
          now,
          caller.userId,
          agreement.id,
          key,
          JSON.stringify({ amount: toDecimalString(fix.amount), from: fix.from }),
        ],
        'run',
      );
      return applied;
    });
    return spreadOutcome(plan.added, plan.changes.length);
  }

  /** The existing rainy-day top-up from a linked account: its checks, ledger posting, activity and idempotency. */
  private async topUp(
    em: EntityManager,
    caller: CurrentUser,
    agreementId: number,
    amount: Cents,
    request: ApplyShortfallFixRequest,
  ): Promise<ShortfallFixOutcome> {
    const accountNumber = request.accountNumber ?? '';
    const done = await this.reversals.topUpRainyDay(em, caller, {
      contractId: agreementId,
      accountNumber,
      topupAmount: toDecimalString(amount),
      description: null,
      idempotencyKey: request.idempotencyKey,
    });
    return {
      kind: 'topUp',
      message: SHORTFALL_MESSAGES.topUpDone(formatCurrency(parseMoney(done.topupAmount)), accountNumber),
      transactionId: done.transactionId,
      changeAgreementId: null,
      sentToMember: false,
      waitingForManager: false,
    };
  }

  /**
   * Each deposit raised: the one way a deposit changes (`../deposit-change.ts`). Staff send it to the member; the member
   * asks for it and their tap approves it (a manager first when the agreement needs one: the approvals queue).
   */
  private async raise(
    em: EntityManager,
    caller: CurrentUser,
    context: AccountContext,
    deposit: Cents,
  ): Promise<ShortfallFixOutcome> {
    const reason = 'Raise each deposit to avoid a shortfall';
    const who = fixCallerOf(caller);
    if (who === 'readOnly') throw new ForbiddenError();
    if (who === 'staff') {
      const done = await this.depositChanges.change(em, caller, context, deposit, reason);
      return raiseOutcome(done, done.message);
    }
    const done = await this.depositChanges.changeForMember(
      em,
      caller,
      SHORTFALL_FIX_USERNAME,
      context,
      deposit,
      reason,
    );
    const amount = formatCurrency(deposit);
    const message = done.approved
      ? SHORTFALL_MESSAGES.memberRaiseApproved(amount)
      : done.waitingForManager
        ? SHORTFALL_MESSAGES.memberRaiseNeedsManager(amount)
        : SHORTFALL_MESSAGES.memberRaiseWaits;
    return raiseOutcome(done, message);
  }
}

function raiseOutcome(done: DepositChangeOutcome, message: string): ShortfallFixOutcome {
  return {
    kind: 'raise',
    message,
    transactionId: null,
    changeAgreementId: done.versionId,
    sentToMember: done.sentToMember,
    waitingForManager: done.waitingForManager,
  };
}
