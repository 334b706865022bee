import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../server/src/common/auth/current-user.js';
import { Role } from '../../server/src/common/auth/roles.js';
import {
  onAgreementStatusChange,
  agreementStatusTopic,
  type StatusChange,
} from '../../server/src/modules/agreement/state/status-events.js';
import { changeStatus, StatusRefusal } from '../../server/src/modules/agreement/state/status-writer.js';
import { AgreementEvent } from '../../server/src/modules/agreement/state/transitions.rules.js';
import { realDatabaseUrl } from '../support/database.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { agreementInForce, sql } from './biller-wizard.fixtures.js';
import { staffCaller } from './portal-support.js';

/** The one status writer on the real server's database: table, lock, activity, listeners and the bus after commit. */
let server: TestServer;
const em = (): EntityManager => server.app.database.orm.em.fork();
let staff: CurrentUser;
let member: CurrentUser;

const statusOf = async (id: number) =>
  Number((await sql<{ status: number }>(server, 'select status from agreement where id = ?', [id]))[0].status);
const activities = async (id: number, type: number) =>
  (await sql(server, 'select 1 from activity where agreement_id = ? and type = ?', [id, type])).length;

/** Collects what the bus carries for an account; `next(n)` waits until it has carried n events. */
async function listen(accountId: number) {
  const seen: StatusChange[] = [];
  const waiters: (() => void)[] = [];
  const topic = agreementStatusTopic(accountId);
  const iterator = server.app.services.events.subscribe(topic)[Symbol.asyncIterator]();
  void (async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      seen.push(next.value as StatusChange);
      waiters.splice(0).forEach((wake) => wake());
    }
  })();
  await server.listening(topic);
  const next = (count: number) =>
    new Promise<StatusChange[]>((resolve) => {
      const check = () => (seen.length >= count ? resolve(seen) : waiters.push(check));
      check();
    });
  return { seen, next, stop: () => void iterator.return?.() };
}

beforeAll(async () => {
  server = await startTestServer();
  staff = await staffCaller(server);
  member = { ...staff, username: '100001', displayName: 'Member', roles: [Role.MEMBER] };
});
afterAll(() => server?.stop());

describe('changeStatus', () => {
  it('writes the change, its activity and announces it on the bus only after the commit', async () => {
    const { agreementId, accountId } = await agreementInForce(server, '100001');
    const bus = await listen(accountId);
    const seenInside: number[] = [];
    await em().transactional(async (tx) => {
      const [change] = await changeStatus(tx, {
        event: AgreementEvent.Lock,
        by: staff,
        agreementIds: [agreementId],
        now: new Date(),
        set: { locked_at: new Date(), lock_reason: 'test' },
        activity: () => ({ details: 'Agreement locked: test' }),
      });
      expect(change).toMatchObject({ agreementId, accountId, from: 7, to: 8, event: 'Lock' });
      expect(change.activityId).toEqual(expect.any(Number));
      seenInside.push(bus.seen.length);
    });
    expect(seenInside).toEqual([0]); // nothing announced while the transaction was open
    expect(await bus.next(1)).toEqual([expect.objectContaining({ agreementId, from: 7, to: 8, event: 'Lock' })]);
    expect(await statusOf(agreementId)).toBe(8);
    const [row] = await sql<{ agent_name: string; details: string }>(
      server,
      'select agent_name, details from activity where agreement_id = ? and type = 26',
      [agreementId],
    );
    expect(row).toEqual({ agent_name: staff.displayName, details: 'Agreement locked: test' });

    // A rolled-back change is neither written nor announced: the next event on the bus is the committed unlock.
    await expect(
      em().transactional(async (tx) => {
        await changeStatus(tx, {
          event: AgreementEvent.Unlock,
          by: staff,
          agreementIds: [agreementId],
          now: new Date(),
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await statusOf(agreementId)).toBe(8);
    expect(await activities(agreementId, 33)).toBe(0);
    await em().transactional((tx) =>
      changeStatus(tx, { event: AgreementEvent.Unlock, by: staff, agreementIds: [agreementId], now: new Date() }),
    );
    const seen = await bus.next(2);
    expect(seen.map((change) => [change.event, change.to])).toEqual([
      ['Lock', 8],
      ['Unlock', 7],
    ]);
    expect(await activities(agreementId, 33)).toBe(1);
    bus.stop();
  });

  it('refuses what the table refuses and writes nothing: the wrong status, the wrong person', async () => {
    const { agreementId } = await agreementInForce(server, '100001');
    const attempt = (by: CurrentUser, event: AgreementEvent) =>
      em()
        .transactional((tx) => changeStatus(tx, { event, by, agreementIds: [agreementId], now: new Date() }))
        .then(
          () => null,
          (error: unknown) => error,
        );
    const wrongStatus = await attempt(staff, AgreementEvent.Unlock);
    expect(wrongStatus).toBeInstanceOf(StatusRefusal);
    expect(wrongStatus).toMatchObject({
      code: 'TRANSITION_NOT_ALLOWED',
      message: 'An agreement that is active cannot be unlocked.',
    });
    const wrongPerson = await attempt(member, AgreementEvent.Lock);
    expect(wrongPerson).toMatchObject({ code: 'NOT_ALLOWED_FOR_ROLE' });
    expect(await statusOf(agreementId)).toBe(7);
  });

  it('lets a job run again with no effect: a version no longer in a starting status is skipped', async () => {
    const { agreementId } = await agreementInForce(server, '100001');
    const run = () =>
      em().transactional((tx) =>
        changeStatus(tx, {
          event: AgreementEvent.MissDeposit,
          by: 'job',
          agreementIds: [agreementId],
          now: new Date(),
          whenNotAllowed: 'skip',
        }),
      );
    expect(await run()).toHaveLength(1);
    expect(await run()).toEqual([]);
    expect(await statusOf(agreementId)).toBe(4);
    await em().transactional((tx) =>
      changeStatus(tx, {
        event: AgreementEvent.DepositsRecovered,
        by: 'job',
        agreementIds: [agreementId],
        now: new Date(),
      }),
    );
    expect(await statusOf(agreementId)).toBe(7);
  });

  it('calls the status listeners inside the change’s transaction (a notice queued there commits with it)', async () => {
    const { agreementId } = await agreementInForce(server, '100001');
    const seen: { to: number; statusInTx: number }[] = [];
    onAgreementStatusChange(em(), async (tx, changes) => {
      for (const change of changes.filter((c) => c.agreementId === agreementId)) {
        const [row] = await tx.execute<{ status: number }[]>('select status from agreement where id = ?', [
          agreementId,
        ]);
        seen.push({ to: change.to, statusInTx: Number(row.status) });
      }
    });
    await em().transactional(async (tx) => {
      await changeStatus(tx, { event: AgreementEvent.Lock, by: staff, agreementIds: [agreementId], now: new Date() });
      await changeStatus(tx, { event: AgreementEvent.Unlock, by: staff, agreementIds: [agreementId], now: new Date() });
    });
    expect(seen).toEqual([
      { to: 8, statusInTx: 8 },
      { to: 7, statusInTx: 7 },
    ]);
  });

  it.skipIf(!realDatabaseUrl)('lets only one of two concurrent writers through (the row lock)', async () => {
    const { agreementId } = await agreementInForce(server, '100001');
    const before = await activities(agreementId, 26);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const hasLock = new Promise<void>((resolve) => (locked = resolve));
    const first = em().transactional(async (tx) => {
      const changes = await changeStatus(tx, {
        event: AgreementEvent.Lock,
        by: staff,
        agreementIds: [agreementId],
        now: new Date(),
      });
      locked();
      await held; // the second writer has read the row by now, or waits for it
      return changes.length;
    });
    await hasLock;
    const second = em()
      .transactional((tx) =>
        changeStatus(tx, { event: AgreementEvent.Lock, by: staff, agreementIds: [agreementId], now: new Date() }),
      )
      .then(
        (changes) => `locked ${changes.length}`,
        (error: { code?: string }) => error.code,
      );
    // The second writer waits for the row lock while the first holds it (deadline 10 s).
    for (let waited = 0; ; waited += 50) {
      const waiting = await sql(
        server,
        "select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
      );
      if (waiting.length > 0) break;
      if (waited > 10_000) throw new Error('the second writer never waited for the row lock');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    release();
    expect(await first).toBe(1);
    // Without the lock it would have read 7 too and answered "locked 0" (its conditional update finding nothing).
    expect(await second).toBe('TRANSITION_NOT_ALLOWED');
    expect(await activities(agreementId, 26)).toBe(before + 1);
  });
});
