import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cents } from '../../server/src/shared/money.js';
import type { LocalDate } from '../../server/src/shared/local-date.js';
import { ActivityType } from '../../server/src/modules/activity/index.js';
import { agreementBalances, linkedAccountBalances } from '../../server/src/modules/ledger/ledger-balances.js';
import { checkLedger } from '../../server/src/modules/ledger/ledger-check.js';
import { LedgerTransactionType } from '../../server/src/modules/ledger/ledger-transaction-type.js';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import {
  allocation,
  contingency,
  external,
  linkedAccount,
  rainyDay,
  type LedgerAccountRef,
  type LedgerLine,
} from '../../server/src/modules/ledger/ledger.types.js';
import { createScratchDatabase, databaseUrl, openMigrated } from './ledger-fixture.js';
import { createLedgerWorld, type LedgerWorld } from './ledger-world.js';

type PocketName = 'allocation' | 'contingency' | 'rainyDay' | 'linked' | 'external';
const POCKETS: PocketName[] = ['allocation', 'contingency', 'rainyDay', 'linked', 'external'];

function refFor(name: PocketName, world: LedgerWorld): LedgerAccountRef {
  switch (name) {
    case 'allocation':
      return allocation();
    case 'contingency':
      return contingency();
    case 'rainyDay':
      return rainyDay();
    case 'linked':
      return linkedAccount(world.ownLinkedAccountId);
    case 'external':
      return external();
  }
}

/** A step: a balanced posting (the last line balances the others), or the reversal of an earlier one. */
type Step = { kind: 'post'; lines: [PocketName, number][]; closer: PocketName } | { kind: 'reverse'; pick: number };

const amount = fc.integer({ min: -500_000, max: 500_000 }).filter((n) => n !== 0);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('post' as const),
      lines: fc.array(fc.tuple(fc.constantFrom(...POCKETS), amount), { minLength: 1, maxLength: 4 }),
      closer: fc.constantFrom(...POCKETS),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }) },
);

describe.skipIf(!databaseUrl)('ledger property', () => {
  let orm: MikroORM;
  let drop: () => Promise<void>;
  let em: EntityManager;
  const ledger = new LedgerService();
  let run = 0;

  beforeAll(async () => {
    const scratch = await createScratchDatabase('ledger_property');
    drop = scratch.drop;
    orm = await openMigrated(scratch.url);
    em = orm.em.fork();
  });

  afterAll(async () => {
    await orm?.close(true);
    await drop?.();
  });

  it('keeps every balance equal to the sum of its entries under random balanced postings and reversals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const world = await createLedgerWorld(em, `p${run++}`);
        const model = new Map<PocketName, number>(POCKETS.map((p) => [p, 0]));
        model.set('linked', world.openingBalance);
        const posted: { id: number; lines: [PocketName, number][] }[] = [];
        for (const s of steps) {
          if (s.kind === 'reverse') {
            const target = posted.splice(s.pick % Math.max(posted.length, 1), 1)[0];
            if (!target) continue;
            await ledger.reverse(em, target.id, { effectiveDate: '2026-04-01' as LocalDate });
            for (const [pocket, value] of target.lines) model.set(pocket, model.get(pocket)! - value);
            continue;
          }
          const lines: [PocketName, number][] = [...s.lines];
          const sum = lines.reduce((total, [, value]) => total + value, 0);
          if (sum !== 0) lines.push([s.closer, -sum]);
          if (lines.length < 2) continue;
          const ledgerLines: LedgerLine[] = lines.map(([pocket, value]) => ({
            account: refFor(pocket, world),
            amount: cents(value),
          }));
          const result = await ledger.post(em, {
            type: LedgerTransactionType.Transfer,
            agreementId: world.agreementId,
            effectiveDate: '2026-04-01' as LocalDate,
            description: 'random',
            lines: ledgerLines,
            activity: { type: ActivityType.Transaction },
          });
          posted.push({ id: result.transactionId, lines });
          for (const [pocket, value] of lines) model.set(pocket, model.get(pocket)! + value);
        }
        const balances = (await agreementBalances(em, [world.agreementId])).get(world.agreementId)!;
        expect(balances.allocation).toBe(model.get('allocation'));
        expect(balances.contingency).toBe(model.get('contingency'));
        expect(balances.rainyDay).toBe(model.get('rainyDay'));
        const linked = (await linkedAccountBalances(em, [world.ownLinkedAccountId])).get(world.ownLinkedAccountId);
        expect(linked).toBe(model.get('linked'));
        const stored = await em.execute<{ kind: number; balance: string; total: string }[]>(
          `select la.kind, la.balance, coalesce(sum(e.amount), 0) as total
           from ledger_account la left join ledger_entry e on e.ledger_account_id = la.id
           where la.agreement_id = ? or la.linked_account_id = ? group by la.id`,
          [world.agreementId, world.ownLinkedAccountId],
        );
        for (const row of stored) expect(Number(row.balance)).toBe(Number(row.total));
      }),
      { numRuns: 30 },
    );
    const report = await checkLedger(em);
    expect(report.checks.filter((c) => c.violations > 0)).toEqual([]);
  });
});
