import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../../common/auth/access.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import type { Clock } from '../../../shared/clock.js';
import { DomainError } from '../../../shared/errors.js';
import { ZERO, type Cents } from '../../../shared/money.js';
import type { LocalDate } from '../../../shared/local-date.js';
import { ActivityType, writeActivity } from '../../activity/index.js';
import { coreBankingSettings } from '../../settings/index.js';
import { memberLinkedAccounts } from '../../ledger/index.js';
import { loadMemberAccount, type AccountContext } from '../account-context.js';
import type { AgreementFacts } from '../agreement-facts.js';
import { AgreementStatus } from '../agreement-status.js';
import { loadAgreementFacts } from '../agreement-facts.js';
import { contributionFrequencyLabel } from '../../deposit/index.js';
import type { AgreementDepositsService } from '../deposits/deposits.service.js';
import { forecastBalanceOn } from '../projection/projection.rules.js';
import type { ProjectionService } from '../projection/projection.service.js';
import {
  carriedIntoRenewal,
  choiceExplanation,
  choiceProblem,
  choiceWords,
  offeredChoices,
  TERM_END_KIND_NAMES,
  TERM_END_MESSAGES,
  rederivedSentence,
  renewalDepositsSentence,
  renewalReviewTermEnd,
  TermEndChoiceKind,
  termEndDue,
  type RenewalDeposits,
  type TermEndFacts,
} from './term-end.rules.js';
import { RENEWAL_UNDER_WAY, termEndFactsOf, termEndStoredColumns, type TermEndStored } from './term-end-due.js';

export type TermEndKindName = 'roll' | 'refund' | 'savings';

export interface TermEndOption {
  kind: TermEndKindName;
  words: string;
  explanation: string;
  /** Savings: the account the surplus goes to; refund: chosen from `refundAccounts`. */
  accountNumber: string | null;
}

export interface TermEndAnswer {
  accountId: number;
  agreementId: number;
  endDate: LocalDate;
  /** The balance the projection's forecast gives on the end date (null: no forecast). */
  closingBalance: Cents | null;
  renewalUnderWay: boolean;
  options: TermEndOption[];
  refundAccounts: { accountNumber: string; nickname: string | null }[];
  choice: TermEndKindName;
  /** The account of the current choice (refund or savings). */
  accountNumber: string | null;
  /** When the choice was made; null: nothing chosen (roll). */
  chosenAt: Date | null;
  /** The current choice in words. */
  message: string;
  /** The renewal's deposits with the current choice: agreed or still being worked out, and what follows. */
  renewalDeposits: string | null;
}

/** The term-end choice in the member's review of a renewal. */
export interface RenewalReviewAnswer {
  choice: TermEndKindName;
  chosen: boolean;
  accountNumber: string | null;
  closingBalance: Cents | null;
  carriedIntoRenewal: Cents;
  /** The renewal's deposit less what it would be opening from zero (negative: lowered; null: not worked out). */
  depositEffect: Cents | null;
  message: string;
}

export interface ChooseTermEndRequest {
  memberId: number;
  accountId: number;
  choice: string;
  accountNumber?: string | null;
}

interface Loaded {
  agreement: AgreementFacts;
  due: boolean;
  closingBalance: Cents | null;
  renewalUnderWay: boolean;
  linked: { id: number; accountNumber: string; nickname: string | null; isDefault: boolean }[];
  defaultSavings: { id: number; accountNumber: string } | null;
  offered: TermEndChoiceKind[];
  stored: { kind: TermEndChoiceKind; accountNumber: string | null; chosenAt: Date } | null;
  /** The renewal under way's saved deposits and what it needs with each choice (null: none saved yet). */
  renewal: {
    renewalId: number;
    agreed: Cents;
    frequency: string;
    fixed: boolean;
    needed: Map<TermEndChoiceKind, Cents | null>;
  } | null;
}

/** The current choice in words; a refund or savings move with no surplus forecast any more is rolled instead. */
function currentChoiceSentence(
  kind: TermEndChoiceKind,
  stored: Loaded['stored'],
  closingBalance: Cents | null,
): string {
  if (!stored) return 'Nothing chosen yet: the balance is rolled into the renewal.';
  const chosen = `Chosen: ${choiceWords(kind, stored.accountNumber)}.`;
  if (kind !== TermEndChoiceKind.Roll && (closingBalance === null || closingBalance <= 0)) {
    return `${chosen} The agreement is no longer forecast to close with a surplus: if it closes without one, the balance is rolled into the renewal.`;
  }
  return chosen;
}

function depositsWith(renewal: NonNullable<Loaded['renewal']>, kind: TermEndChoiceKind): RenewalDeposits {
  return {
    agreed: renewal.agreed,
    frequency: renewal.frequency,
    fixed: renewal.fixed,
    needed: renewal.needed.get(kind) ?? null,
  };
}

const KINDS_BY_NAME = new Map(
  Object.entries(TERM_END_KIND_NAMES).map(([kind, name]) => [name, Number(kind) as TermEndChoiceKind]),
);

/**
 * A choice at term end (issue 24 item 5; README.md): the projected closing balance of the version due for renewal,
 * the choices offered (`term-end.rules.ts`) and the current one, and storing a choice (members on their own accounts,
 * staff on any) with its activity. Carried out once when the renewal takes over (`term-end-payout.ts`).
 */
export class TermEndService {
  constructor(
    private readonly projections: ProjectionService,
    private readonly clock: Clock,
    /** The renewal's deposits step: what its deposits are with each choice, and working them out again. */
    private readonly deposits: Pick<AgreementDepositsService, 'renewalDepositWith' | 'rederiveRenewal'>,
  ) {}

  /** The term-end choice of the account's agreement in force; null when it is not due for renewal. */
  async view(
    em: EntityManager,
    user: CurrentUser | null,
    memberId: number,
    accountId: number,
  ): Promise<TermEndAnswer | null> {
    const caller = requireUser(user);
    const context = await loadMemberAccount(em, caller, memberId, accountId);
    const loaded = await this.load(em, context);
    return loaded && loaded.due ? this.answer(context, loaded) : null;
  }

  /** Whether the agreement's term-end choice is open (the overview shows the panel then). Access: the caller's. */
  async isDue(
    em: EntityManager,
    agreement: { id: number; status: AgreementStatus; endDate: LocalDate },
  ): Promise<boolean> {
    const facts = await this.dueFacts(em, agreement);
    return termEndDue(facts);
  }

  /** Stores the caller's choice (replacing an earlier one) with an activity; refused, nothing changes. */
  async choose(em: EntityManager, user: CurrentUser | null, request: ChooseTermEndRequest): Promise<TermEndAnswer> {
    const caller = requireUser(user);
    const context = await loadMemberAccount(em, caller, request.memberId, request.accountId);
    return em.transactional(async (tx) => {
      if (context.agreement) {
        // One choice at a time per version; the takeover claims the same row.
        await tx.execute('select id from agreement where id = ? for update', [context.agreement.id]);
      }
      const loaded = await this.load(tx, context);
      const kind = KINDS_BY_NAME.get(request.choice.trim().toLowerCase() as TermEndKindName) ?? null;
      const accountNumber = request.accountNumber?.trim() || null;
      const refundTo = accountNumber ? loaded?.linked.find((l) => l.accountNumber === accountNumber) : undefined;
      const problem = choiceProblem({
        due: loaded?.due ?? false,
        resigned: context.memberResigned,
        kind,
        offered: loaded?.offered ?? [],
        closingBalance: loaded?.closingBalance ?? null,
        accountNumber,
        accountLinked: refundTo !== undefined,
        hasDefaultSavings: (loaded?.defaultSavings ?? null) !== null,
      });
      if (problem || !loaded || kind === null) {
        throw new DomainError(problem?.code ?? 'TERM_END_NOT_DUE', problem?.message ?? '', problem?.field);
      }
      const target =
        kind === TermEndChoiceKind.Refund
          ? refundTo!
          : kind === TermEndChoiceKind.Savings
            ? loaded.defaultSavings
            : null;
      const now = this.clock.now();
      await tx.execute(
        `insert into term_end_choice (agreement_id, account_id, choice, linked_account_id, chosen_by_id, chosen_at)
         values (?, ?, ?, ?, ?, ?)
         on conflict (agreement_id) do update set choice = excluded.choice, linked_account_id = excluded.linked_account_id,
           chosen_by_id = excluded.chosen_by_id, chosen_at = excluded.chosen_at`,
        [loaded.agreement.id, context.accountId, kind, target?.id ?? null, caller.userId, now],
        'run',
      );
      const words = choiceWords(kind, target?.accountNumber ?? null);
      const rederived = await this.rederiveAgreedRenewal(tx, loaded.renewal);
      await writeActivity(tx, {
        type: ActivityType.AgreementRenewal,
        accountId: context.accountId,
        memberId: context.memberId,
        agreementId: loaded.agreement.id,
        details: `Term-end choice: ${words}${rederived ? `; ${rederivedSentence(rederived)}` : ''}`,
        data: {
          termEndChoice: TERM_END_KIND_NAMES[kind],
          accountNumber: target?.accountNumber ?? null,
          closingBalance: loaded.closingBalance,
          ...(rederived ? { renewalDeposit: rederived } : {}),
        },
        agentName: caller.displayName,
        userId: caller.userId,
        occurredAt: now,
      });
      const stored = { kind, accountNumber: target?.accountNumber ?? null, chosenAt: now };
      // The renewal's deposits as they now stand (worked out again when agreed).
      const reloaded = rederived ? ((await this.load(tx, context)) ?? loaded) : loaded;
      return this.answer(context, { ...reloaded, stored });
    });
  }

  /**
   * An agreed renewal's deposits (sent to the member, approved, or waiting for its first day) worked out again with
   * the choice just stored, by the deposits step's own rules and writer (`deposits.service.ts#rederiveRenewal`), as
   * staff's save does when the choice comes first. Refused (the renewal's deposits step would not accept them, e.g.
   * its first weeks would need a top-up nobody chose): the choice is refused too, nothing changes. Null: nothing
   * agreed, or the deposit is unchanged.
   */
  private async rederiveAgreedRenewal(
    tx: EntityManager,
    renewal: Loaded['renewal'],
  ): Promise<{ renewalId: number; before: Cents; after: Cents } | null> {
    if (!renewal || !renewal.fixed) return null;
    await tx.execute('select id from agreement where id = ? for update', [renewal.renewalId]);
    const outcome = await this.deposits.rederiveRenewal(tx, renewal.renewalId, RENEWAL_UNDER_WAY);
    if ('refusals' in outcome) {
      throw new DomainError(
        'RENEWAL_DEPOSITS_REFUSED',
        `${TERM_END_MESSAGES.renewalRefused} ${outcome.refusals[0].message}`.trim(),
        'choice',
      );
    }
    return outcome.before === outcome.after ? null : { renewalId: renewal.renewalId, ...outcome };
  }

  /**
   * The term-end choice as the member's review of a renewal states it (`agreementChangeReview.termEnd`): the choice
   * stored on the version it renews (none: rolled), that version's forecast closing balance, what the renewal opens
   * with and its deposit's difference from opening with nothing (the deposits step's calculation,
   * `renewalDepositWith`). Access: the caller's (the review checked it).
   */
  async renewalReview(
    em: EntityManager,
    renewal: { id: number; previousId: number; depositAmount: Cents },
  ): Promise<RenewalReviewAnswer> {
    const previous = await loadAgreementFacts(em, renewal.previousId);
    const { forecast } = previous ? await this.projections.forAgreement(em, previous) : { forecast: null };
    const closingBalance = previous && forecast ? forecastBalanceOn(forecast, previous.endDate) : null;
    const [stored] = await em.execute<{ choice: number; account_number: string | null }[]>(
      `select c.choice, l.account_number from term_end_choice c
       left join linked_account l on l.id = c.linked_account_id where c.agreement_id = ?`,
      [renewal.previousId],
    );
    const kind = stored ? (Number(stored.choice) as TermEndChoiceKind) : TermEndChoiceKind.Roll;
    const [depositFromZero] =
      renewal.depositAmount > 0 ? await this.deposits.renewalDepositWith(em, renewal.id, [ZERO]) : [null];
    const ruled = renewalReviewTermEnd({
      kind,
      chosen: stored !== undefined,
      accountNumber: stored?.account_number ?? null,
      closingBalance,
      deposit: renewal.depositAmount,
      depositFromZero,
    });
    return {
      choice: TERM_END_KIND_NAMES[kind],
      chosen: stored !== undefined,
      accountNumber: stored?.account_number ?? null,
      closingBalance,
      carriedIntoRenewal: ruled.carried,
      depositEffect: ruled.effect,
      message: ruled.sentence,
    };
  }

  private answer(context: AccountContext, loaded: Loaded): TermEndAnswer {
    const { agreement, closingBalance, stored, renewal } = loaded;
    const kind = stored?.kind ?? TermEndChoiceKind.Roll;
    return {
      accountId: context.accountId,
      agreementId: agreement.id,
      endDate: agreement.endDate,
      closingBalance,
      renewalUnderWay: loaded.renewalUnderWay,
      options: loaded.offered.map((offered) => {
        const accountNumber = offered === TermEndChoiceKind.Savings ? loaded.defaultSavings!.accountNumber : null;
        const explanation = choiceExplanation(offered, closingBalance, agreement.endDate);
        return {
          kind: TERM_END_KIND_NAMES[offered],
          words: choiceWords(offered, accountNumber),
          explanation: renewal
            ? `${explanation} ${renewalDepositsSentence(depositsWith(renewal, offered))}`
            : explanation,
          accountNumber,
        };
      }),
      refundAccounts: loaded.linked.map(({ accountNumber, nickname }) => ({ accountNumber, nickname })),
      choice: TERM_END_KIND_NAMES[kind],
      accountNumber: stored?.accountNumber ?? null,
      chosenAt: stored?.chosenAt ?? null,
      message: currentChoiceSentence(kind, stored, closingBalance),
      renewalDeposits: renewal ? renewalDepositsSentence(depositsWith(renewal, kind)) : null,
    };
  }

  private async dueFacts(
    em: EntityManager,
    agreement: { id: number; status: AgreementStatus; endDate: LocalDate },
  ): Promise<TermEndFacts> {
    const [row] = await em.execute<TermEndStored[]>(`select ${termEndStoredColumns('?')}`, [
      agreement.id,
      agreement.id,
    ]);
    const { renewalNoticeDays } = await coreBankingSettings(em);
    return termEndFactsOf(agreement, row, renewalNoticeDays, this.clock.today());
  }

  private async load(em: EntityManager, context: AccountContext): Promise<Loaded | null> {
    const agreement = context.agreement;
    if (!agreement) return null;
    const facts = await this.dueFacts(em, agreement);
    const due = termEndDue(facts);
    if (!due) {
      return {
        agreement,
        due,
        closingBalance: null,
        renewalUnderWay: facts.renewalUnderWay,
        linked: [],
        defaultSavings: null,
        offered: [],
        stored: null,
        renewal: null,
      };
    }
    const { forecast } = await this.projections.forAgreement(em, agreement);
    const closingBalance = forecast ? forecastBalanceOn(forecast, agreement.endDate) : null;
    const members = await em.execute<{ member_id: number }[]>(
      'select member_id from member_account_link where account_id = ? and is_active order by is_primary desc, id',
      [context.accountId],
    );
    const linked = (
      await memberLinkedAccounts(
        em,
        members.map((m) => Number(m.member_id)),
      )
    )
      .filter((account) => account.isActive)
      .map((account) => ({
        id: account.linkedAccountId,
        accountNumber: account.accountNumber,
        nickname: account.nickname,
        isDefault: account.isDefault,
      }));
    const defaultSavings = linked.find((account) => account.isDefault) ?? null;
    const renewal = facts.renewalUnderWay ? await this.renewalDeposits(em, agreement.id, closingBalance) : null;
    const [stored] = await em.execute<{ choice: number; account_number: string | null; chosen_at: Date }[]>(
      `select c.choice, l.account_number, c.chosen_at from term_end_choice c
       left join linked_account l on l.id = c.linked_account_id where c.agreement_id = ?`,
      [agreement.id],
    );
    return {
      agreement,
      due,
      closingBalance,
      renewalUnderWay: facts.renewalUnderWay,
      linked,
      defaultSavings,
      offered: offeredChoices({
        closingBalance,
        linkedAccounts: linked.length,
        hasDefaultSavings: defaultSavings !== null,
      }),
      stored: stored
        ? {
            kind: Number(stored.choice) as TermEndChoiceKind,
            accountNumber: stored.account_number,
            chosenAt: new Date(stored.chosen_at),
          }
        : null,
      renewal,
    };
  }

  /**
   * The renewal under way's saved deposit and what it needs per deposit opening with what each choice carries into it:
   * the deposits step's own calculation on the stored renewal (`stored-plan.ts#storedDepositPlanData`, as the plan
   * stored when it takes over, `plan/agreed-plan.rules.ts`), for its first day. Null while no deposit is saved.
   */
  private async renewalDeposits(
    em: EntityManager,
    agreementId: number,
    closingBalance: Cents | null,
  ): Promise<Loaded['renewal']> {
    const [row] = await em.execute<{ id: number; status: number; sent: boolean }[]>(
      `select n.id, n.status, n.activated_at is not null as sent from agreement n join agreement g on g.id = n.previous_id
       where n.previous_id = ? and n.status in (${RENEWAL_UNDER_WAY.join(',')}) and n.start_date > g.end_date
       order by n.id desc limit 1`,
      [agreementId],
    );
    if (!row) return null;
    const facts = await loadAgreementFacts(em, Number(row.id));
    if (!facts || facts.depositAmount <= 0) return null;
    const kinds = [TermEndChoiceKind.Roll, TermEndChoiceKind.Refund, TermEndChoiceKind.Savings];
    const amounts = await this.deposits.renewalDepositWith(
      em,
      facts.id,
      kinds.map((kind) => carriedIntoRenewal(closingBalance ?? ZERO, kind)),
    );
    const needed = new Map(kinds.map((kind, i) => [kind, amounts[i]]));
    return {
      renewalId: facts.id,
      agreed: facts.depositAmount,
      frequency: contributionFrequencyLabel(facts.contributionFrequency),
      // Sent to the member (9 with who sent it), approved, queued or waiting for its first day: no longer edited.
      fixed: Number(row.status) !== AgreementStatus.ModificationPendingApproval || Boolean(row.sent),
      needed,
    };
  }
}
