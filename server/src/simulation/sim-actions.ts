import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, type LocalDate } from '../shared/local-date.js';
import { cents, toDecimalString, type Cents } from '../shared/money.js';
import type { DueBill } from '../modules/agreement/index.js';
import type { Random } from '../seed/random.js';
import type { SimApi, SimSession } from './sim-api.js';
import type { SimAccount } from './sim-world.js';
import { SimWizard, type WizardChange } from './sim-wizard.js';

/**
 * The members' and staff's actions, through the API people use (GraphQL, signed in as them). Each answers what it did
 * (for the run's counts and the forecast watch): refused actions are counted too, they change nothing.
 */

export type ActionName =
  | 'pay on time'
  | 'pay another amount'
  | 'pay early'
  | 'pay late'
  | 'top up'
  | 'reimburse'
  | 'reverse'
  | 'miss deposit'
  | 'modify'
  | 'renew'
  | 'cancel'
  | 'lock'
  | 'unlock';

export interface ActionDone {
  action: ActionName;
  agreementId: number;
  ok: boolean;
  /** A refusal's code and message. */
  refusal?: string;
  /** A bill paid on its day at another amount than its estimate: what the forecast expected and what was paid. */
  differed?: { expected: Cents; paid: Cents };
  /** What a modification changed (biller amount or frequency, a biller removed, the deposit frequency). */
  change?: WizardChange;
}

interface Payment {
  ok: boolean;
  transactionId: number | null;
  errors: { code: string; message: string }[];
}

const PAY = `mutation($input: PayBillInput!) { payBill(input: $input) { ok transactionId errors { code message } } }`;
const REIMBURSE = `mutation($input: PayBillInput!) { reimburseBill(input: $input) { ok transactionId errors { code message } } }`;
const TOP_UP = `mutation($input: RainyDayTopUpInput!) { topUpRainyDay(input: $input) { ok errors { code message } } }`;
const REVERSE = `mutation($input: ReverseBillInput!) { reverseBill(input: $input) { success errors { code message } } }`;
const LIFECYCLE = (name: string, args: string) =>
  `mutation($id: Int!) { ${name}(agreementId: $id${args}) { errors { code message } } }`;
const APPROVE = `mutation($id: Int!) { approveAgreement(agreementId: $id) { errors { code message } } }`;
const START_MODIFICATION = `mutation($m: Int!, $a: Int!) { startAgreementModification(memberId: $m, accountId: $a) {
  errors { code message } wizard { agreementId } } }`;
const SAVE_ALL = `mutation($id: Int!) { saveAllAgreementChanges(agreementId: $id) { errors { code message } } }`;
const CANCEL_WIZARD = `mutation($id: Int!) { cancelAgreementWizard(agreementId: $id, flow: Modify) { errors { code message } } }`;

type Errors = { errors: { code: string; message: string }[] };

export class SimActions {
  private serial = 0;
  private readonly wizard: SimWizard;

  constructor(
    private readonly api: SimApi,
    private readonly staff: SimSession,
    private readonly member: (account: SimAccount) => Promise<SimSession>,
    private readonly seed: number,
    private readonly statusOf: (agreementId: number) => Promise<number | null>,
    random: Random,
  ) {
    this.wizard = new SimWizard(api, staff, random);
  }

  /** A key per request, the same for the same seed and step (a retried request would reuse it). */
  private key(): string {
    this.serial += 1;
    return `simulate-${this.seed}-${this.serial}`;
  }

  private done(action: ActionName, account: SimAccount, errors: { code: string; message: string }[]): ActionDone {
    return errors.length
      ? { action, agreementId: account.agreementId, ok: false, refusal: `${errors[0].code}: ${errors[0].message}` }
      : { action, agreementId: account.agreementId, ok: true };
  }

  /** The member pays (or asks to be reimbursed for) a bill for `amount`. */
  async pay(
    action: ActionName,
    account: SimAccount,
    bill: DueBill,
    amount: Cents,
  ): Promise<ActionDone & { transactionId: number | null }> {
    const who = await this.member(account);
    const reimburse = bill.isReimbursement;
    const input = {
      billId: bill.billId,
      billAmount: toDecimalString(amount),
      idempotencyKey: this.key(),
      ...(reimburse ? { reimbursementAccountNumber: account.savings[0] } : {}),
    };
    const answer = reimburse
      ? (await this.api.graphql<{ reimburseBill: Payment }>(who, REIMBURSE, { input })).reimburseBill
      : (await this.api.graphql<{ payBill: Payment }>(who, PAY, { input })).payBill;
    const done = this.done(reimburse && action !== 'pay on time' ? 'reimburse' : action, account, answer.errors);
    return { ...done, transactionId: answer.transactionId };
  }

  async topUp(account: SimAccount, amount: Cents): Promise<ActionDone> {
    const who = await this.member(account);
    const input = {
      contractId: account.agreementId,
      accountNumber: account.savings[0],
      topupAmount: toDecimalString(amount),
      idempotencyKey: this.key(),
    };
    const answer = (
      await this.api.graphql<{ topUpRainyDay: { ok: boolean; errors: { code: string; message: string }[] } }>(
        who,
        TOP_UP,
        { input },
      )
    ).topUpRainyDay;
    return this.done('top up', account, answer.errors);
  }

  /** Staff reverse a payment still in its pending window. */
  async reverse(account: SimAccount, transactionId: number): Promise<ActionDone> {
    const answer = (
      await this.api.graphql<{ reverseBill: { success: boolean; errors: { code: string; message: string }[] } }>(
        this.staff,
        REVERSE,
        { input: { transactionId, idempotencyKey: this.key() } },
      )
    ).reverseBill;
    return this.done('reverse', account, answer.errors);
  }

  async lifecycle(action: 'lock' | 'unlock' | 'cancel' | 'renew', account: SimAccount): Promise<ActionDone> {
    const document =
      action === 'lock'
        ? LIFECYCLE('lockAgreement', ', reason: "Simulated: staff lock"')
        : action === 'unlock'
          ? LIFECYCLE('unlockAgreement', ', reason: "Simulated: staff unlock"')
          : action === 'cancel'
            ? LIFECYCLE('cancelAgreement', ', reason: "Simulated: member asked to cancel"')
            : LIFECYCLE('renewAgreement', '');
    const name = {
      lock: 'lockAgreement',
      unlock: 'unlockAgreement',
      cancel: 'cancelAgreement',
      renew: 'renewAgreement',
    }[action];
    const answer = await this.api.graphql<Record<string, { errors: { code: string; message: string }[] }>>(
      this.staff,
      document,
      { id: account.agreementId },
    );
    return this.done(action, account, answer[name].errors);
  }

  /**
   * The modification as staff and member make it: staff open the wizard on the account (a version in 9), change one
   * thing (a biller's amount or frequency, a biller removed, or the deposit frequency), go through the deposits step
   * and save all changes; the member approves (queued, 2) and the change job applies it. A refusal at any step is
   * answered (and the wizard left open is cancelled, as staff would). Nothing to change of the kind drawn: the
   * modification is cancelled and nothing is counted.
   */
  async modifyInWizard(account: SimAccount): Promise<ActionDone | null> {
    const started = (
      await this.api.graphql<{ startAgreementModification: Errors & { wizard: { agreementId: number } | null } }>(
        this.staff,
        START_MODIFICATION,
        { m: account.memberId, a: account.accountId },
      )
    ).startAgreementModification;
    const version = started.wizard?.agreementId;
    if (started.errors.length || !version) return this.done('modify', account, started.errors);
    const changed = await this.wizard.change(version);
    if (changed === null || changed.errors.length) {
      await this.api.graphql(this.staff, CANCEL_WIZARD, { id: version });
      return changed && { ...this.done('modify', account, changed.errors), change: changed.change };
    }
    const done = await this.saveAndApprove('modify', account, version, changed.change === 'deposit frequency');
    return { ...done, change: changed.change };
  }

  /**
   * A version open in the wizard (a modification or a renewal): staff go through the deposits step as the screen
   * does (the proposed step saved, another frequency when `changeFrequency`) and save all changes; when it waits for
   * the member (9) the member approves it (queued, or approved until its start); a refused step cancels the wizard.
   */
  async saveAndApprove(
    action: ActionName,
    account: SimAccount,
    version: number,
    changeFrequency = false,
  ): Promise<ActionDone> {
    const deposits = await this.wizard.deposits(version, changeFrequency);
    if (deposits.length) {
      await this.api.graphql(this.staff, CANCEL_WIZARD, { id: version });
      return this.done(action, account, deposits);
    }
    const saved = (await this.api.graphql<{ saveAllAgreementChanges: Errors }>(this.staff, SAVE_ALL, { id: version }))
      .saveAllAgreementChanges;
    if (saved.errors.length) {
      await this.api.graphql(this.staff, CANCEL_WIZARD, { id: version });
      return this.done(action, account, saved.errors);
    }
    // A version that changes what the member agreed to waits for them (9); one that does not is queued (2).
    if ((await this.statusOf(version)) !== 9) return this.done(action, account, []);
    const who = await this.member(account);
    const approved = (await this.api.graphql<{ approveAgreement: Errors }>(who, APPROVE, { id: version }))
      .approveAgreement;
    return this.done(action, account, approved.errors);
  }
}

/**
 * A missed deposit, on the bank's side: the simulated core banking system does not credit the member's deposits
 * due from `from` for `days`, until `until` (then they arrive late, and the agreement comes out of arrears). The
 * simulator's steering table (core-banking README), not our ledger: the bank day finds the deposit missing.
 */
export async function missDeposits(
  em: EntityManager,
  memberId: number,
  from: LocalDate,
  days: number,
  until: LocalDate,
): Promise<void> {
  await em.execute(
    `insert into core_banking_outcome (member_id, event, outcome, date_from, date_to, until) values (?, 1, 1, ?, ?, ?)`,
    [memberId, from, addDays(from, days), until],
  );
}

/** A random amount another than `expected`: up to 20% more or less, never below a cent. */
export function otherAmount(random: Random, expected: Cents): Cents {
  const change = Math.max(1, Math.round((expected * random.int(1, 20)) / 100));
  const paid = random.chance(0.5) ? expected + change : expected - change;
  return cents(Math.max(1, paid));
}
