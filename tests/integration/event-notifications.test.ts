import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../server/src/common/auth/current-user.js';
import { Role } from '../../server/src/common/auth/roles.js';
import { addDays, zonedInstant, type LocalDate } from '../../server/src/shared/local-date.js';
import { SimulationClock, simulateDay } from '../../server/src/modules/core-banking/simulation.js';
import { SimulatedEvent, SimulatedOutcome } from '../../server/src/modules/core-banking/simulator.rules.js';
import { SEND_NOTICE_JOB } from '../../server/src/modules/notification/events.js';
import { NotificationPreference } from '../../server/src/shared/notification/notification-codes.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createBankAgreement, type AgreementSpec, type BankAgreement } from './core-banking-world.js';
import { createMember, createScenario, createUser, type MemberFixture } from './payment-world.js';

const TZ = 'Australia/Sydney';
const START = '2031-03-03' as LocalDate;
const SECOND_DEPOSIT = addDays(START, 14);

/** Fortnightly deposits; Water paid automatically on the 7th each month. */
const SPEC: AgreementSpec = {
  start: START,
  end: '2032-03-02' as LocalDate,
  frequency: 2,
  billers: [
    { nickname: 'Water', paymentMethod: 0, value: '90.00', frequency: 3, dateOfBill: '2031-03-07' as LocalDate },
  ],
};

interface Message {
  name: string;
  channel: number;
  recipient_email: string | null;
  recipient_mobile: string | null;
  email_subject: string | null;
  email_body: string | null;
  sms_body: string | null;
  member_id: number;
}

describe('subscribed-event notifications (spec 3 §9) through the outbox, in the event’s transaction', () => {
  let server: TestServer;
  let clock: SimulationClock;
  const em = () => server.app.database.orm.em.fork();
  let serial = 0;

  beforeAll(async () => {
    clock = new SimulationClock(zonedInstant(START, TZ, 0, 1), TZ);
    server = await startTestServer({ env: { DEMO_DATA: 'false' }, clock });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** The event messages of an agreement (reminders aside: member-notices.test.ts), once the notices' jobs ran. */
  const messages = async (agreementId: number) => {
    await server.app.services.jobs.drain(SEND_NOTICE_JOB);
    return em().execute<Message[]>(
      `select name, channel, recipient_email, recipient_mobile, email_subject, email_body, sms_body, member_id
       from notification where agreement_id = ? and source_type = 3 and name not like '%Reminder%' order by id`,
      [agreementId],
    );
  };

  /** A member with the given contact details, an agreement of SPEC, a stored preference and subscriptions. */
  async function memberWith(options: {
    email?: string | null;
    mobile?: string | null;
    preference?: NotificationPreference;
    unsubscribe?: string;
    outcome?: [SimulatedEvent, SimulatedOutcome, string | null, string | null, string | null];
  }): Promise<{ member: MemberFixture; agreement: BankAgreement }> {
    const member = await createMember(em(), `notify${++serial}`);
    await em().execute('update member set email = ?, mobile_phone = ? where id = ?', [
      options.email ?? null,
      options.mobile ?? null,
      member.memberId,
    ]);
    const agreement = await createBankAgreement(em(), member, SPEC);
    if (options.preference !== undefined) {
      await em().execute(
        'insert into member_notification_preference (agreement_id, member_id, notification_preference) values (?, ?, ?)',
        [agreement.agreementId, member.memberId, options.preference],
      );
    }
    if (options.unsubscribe) {
      await em().execute(`insert into contract_preferences (agreement_id, ${options.unsubscribe}) values (?, false)`, [
        agreement.agreementId,
      ]);
    }
    if (options.outcome) {
      const [event, outcome, from, to, until] = options.outcome;
      await em().execute(
        `insert into core_banking_outcome (member_id, event, outcome, date_from, date_to, until) values (?, ?, ?, ?, ?, ?)`,
        [member.memberId, event, outcome, from, to, until],
      );
    }
    return { member, agreement };
  }

  const missing = [SimulatedEvent.Deposit, SimulatedOutcome.Missing, SECOND_DEPOSIT, SECOND_DEPOSIT, null] as const;
  const dmy = (date: LocalDate) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

  it('tells each event once, by the member’s preference, not when None or unsubscribed, and not again on a re-run', async () => {
    const ann = await memberWith({ email: 'ann@example.com', mobile: '0400000001', outcome: [...missing] });
    const bob = await memberWith({
      email: 'bob@example.com',
      mobile: '0400000002',
      preference: NotificationPreference.Sms,
      outcome: [...missing],
    });
    const cat = await memberWith({
      email: 'cat@example.com',
      preference: NotificationPreference.None,
      outcome: [...missing],
    });
    const dan = await memberWith({
      email: 'dan@example.com',
      unsubscribe: 'notify_missed_deposit',
      outcome: [...missing],
    });
    const failed = [SimulatedEvent.Payment, SimulatedOutcome.Failed, null, null, null] as const;
    const eve = await memberWith({ email: 'eve@example.com', outcome: [...failed] });
    const fay = await memberWith({
      email: 'fay@example.com',
      unsubscribe: 'notify_bill_payment_failed',
      outcome: [...failed],
    });
    // The biller's bank answers TryAgain for two days: one technical difficulty, told once.
    const gus = await memberWith({
      email: 'gus@example.com',
      outcome: [SimulatedEvent.Payment, SimulatedOutcome.TryAgain, null, null, addDays('2031-03-07' as LocalDate, 1)],
    });

    for (let date = START; date <= SECOND_DEPOSIT; date = addDays(date, 1)) {
      await simulateDay(server.app.services.jobs, server.app.services.bankDay, em(), clock, date);
    }

    const deposit = dollars(ann.agreement.depositAmount);
    expect(await messages(ann.agreement.agreementId)).toEqual([
      {
        name: 'MissedDepositNotification',
        channel: 1,
        recipient_email: 'ann@example.com',
        recipient_mobile: null,
        email_subject: `We did not receive your deposit of ${deposit}`,
        email_body: expect.stringContaining(
          `Dear ${ann.member.username},\n\nYour bill smoothing deposit of ${deposit} due on ${dmy(SECOND_DEPOSIT)} has not reached us. In all, ${deposit} is now owing on agreement ${ann.agreement.agreementId}`,
        ),
        sms_body: null,
        member_id: ann.member.memberId,
      },
    ]);
    const bobDeposit = dollars(bob.agreement.depositAmount);
    expect(await messages(bob.agreement.agreementId)).toEqual([
      expect.objectContaining({
        name: 'MissedDepositNotification',
        channel: 2,
        recipient_email: null,
        recipient_mobile: '0400000002',
        sms_body: expect.stringMatching(
          new RegExp(
            `^Harbourside: deposit of \\${bobDeposit} due ${dmy(SECOND_DEPOSIT)} not received; \\${bobDeposit} owing\\.`,
          ),
        ),
      }),
    ]);
    expect(await messages(cat.agreement.agreementId)).toEqual([]);
    expect(await messages(dan.agreement.agreementId)).toEqual([]);
    expect(await messages(eve.agreement.agreementId)).toEqual([
      expect.objectContaining({
        name: 'BillPaymentFailedNotification',
        recipient_email: 'eve@example.com',
        email_subject: 'Your Water payment of $90.00 did not go through',
        email_body: expect.stringContaining(
          `Dear ${eve.member.username},\n\nThe payment of $90.00 to Water that we made on 07-03-2031 was returned by the biller’s bank.`,
        ),
      }),
    ]);
    expect(await messages(fay.agreement.agreementId)).toEqual([]);
    const [{ tries }] = await em().execute<{ tries: number }[]>(
      `select count(*)::int as tries from activity where agreement_id = ? and type = 0 and transaction_status = 2`,
      [gus.agreement.agreementId],
    );
    expect(tries).toBe(1); // settled in the end
    expect(await messages(gus.agreement.agreementId)).toEqual([
      expect.objectContaining({
        name: 'BillPaymentDelayedNotification',
        recipient_email: 'gus@example.com',
        email_body: expect.stringContaining(
          `Dear ${gus.member.username},\n\nThe payment of $90.00 to Water that we made on 07-03-2031 is delayed by a technical problem at the biller’s bank.`,
        ),
      }),
    ]);

    // The same day again (a retry, another instance): nothing new.
    const before = await em().execute<{ n: number }[]>('select count(*)::int as n from notification');
    clock.setAt(SECOND_DEPOSIT, 0, 5);
    await server.app.services.bankDay.runDay(em());
    clock.setAt(SECOND_DEPOSIT, 15);
    await server.app.services.bankDay.runWindow(em());
    expect(await em().execute<{ n: number }[]>('select count(*)::int as n from notification')).toEqual(before);
  }, 600_000);

  it('tells the member of a short-paid bill with the amount owing, in the payment’s transaction', async () => {
    clock.setAt('2026-03-10' as LocalDate, 10);
    const member = await createMember(em(), `notify${++serial}`);
    await em().execute("update member set email = 'short@example.com' where id = ?", [member.memberId]);
    const scenario = await createScenario(em(), member, {
      allocation: '100',
      contingency: '10',
      bills: [{ due: '2026-03-10', allocated: '100', contingency: '10' }],
    });
    const [user] = await em().execute<{ id: number }[]>('select id from app_user where username = ?', [
      member.username,
    ]);
    const caller: CurrentUser = {
      userId: user.id,
      sessionId: 'test',
      username: member.username,
      displayName: member.username,
      roles: [Role.MEMBER],
      memberId: member.memberId,
    };
    const request = {
      billId: scenario.billIds[0],
      billOrAllocation: 'bill' as const,
      billAmount: '130',
      topupOption: 'shortPay' as const,
      idempotencyKey: 'notify-short-pay-1',
    };
    await server.app.services.payments.payBill(em(), caller, request);
    await server.app.services.payments.payBill(em(), caller, request); // the same request again: its stored answer
    expect(await messages(scenario.agreementId)).toEqual([
      expect.objectContaining({
        name: 'ShortPaidBillNotification',
        recipient_email: 'short@example.com',
        email_subject: '$20.00 of your Power bill is still to pay',
        email_body: expect.stringContaining(
          'your agreement did not hold the whole amount: $20.00 is still owing to Power.\n\nWhat to do: please pay $20.00 to Power yourself',
        ),
      }),
    ]);
  }, 120_000);

  it('tells the members when staff change or cancel the agreement, unless they unsubscribed', async () => {
    clock.setAt(START, 10);
    const staffId = await createUser(em(), 'notify.agent', [Role.AGENT]);
    const staff: CurrentUser = {
      userId: staffId,
      sessionId: 'test',
      username: 'notify.agent',
      displayName: 'Notify Agent',
      roles: [Role.AGENT],
      memberId: null,
    };
    const hal = await memberWith({ email: 'hal@example.com' });
    const ivy = await memberWith({ email: 'ivy@example.com', unsubscribe: 'notify_agreement_changed' });
    const { lifecycle } = server.app.services;
    for (const { agreement } of [hal, ivy]) {
      await lifecycle.lock(em(), staff, agreement.agreementId, 'Checking a complaint');
      await lifecycle.unlock(em(), staff, agreement.agreementId, 'Complaint resolved');
      await lifecycle.cancel(em(), staff, agreement.agreementId, 'Member asked to close it');
    }
    const told = await messages(hal.agreement.agreementId);
    expect(told.map((m) => [m.name, m.recipient_email, m.email_subject])).toEqual([
      ['AgreementChangedNotification', 'hal@example.com', 'Your bill smoothing agreement has changed'],
      ['AgreementChangedNotification', 'hal@example.com', 'Your bill smoothing agreement has changed'],
      ['AgreementCancelledNotification', 'hal@example.com', 'Your bill smoothing agreement has been cancelled'],
    ]);
    const id = hal.agreement.agreementId;
    expect(told[0].email_body).toContain(
      `We have changed your bill smoothing agreement ${id}: it is locked, so no bills are paid from it for now.`,
    );
    expect(told[1].email_body).toContain(`agreement ${id}: it is unlocked, and your bills are paid from it again.`);
    expect(told[2].email_body).toContain(
      `Your bill smoothing agreement ${id} was cancelled on ${dmy(START)}. We will not collect any more deposits`,
    );
    expect(await messages(ivy.agreement.agreementId)).toEqual([]);
    // A refused action (cancelling a cancelled agreement) writes nothing, its message included.
    await expect(lifecycle.cancel(em(), staff, hal.agreement.agreementId, 'again')).rejects.toThrow();
    expect(await messages(hal.agreement.agreementId)).toHaveLength(3);
  }, 120_000);
});
