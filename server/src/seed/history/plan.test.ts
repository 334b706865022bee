import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, fromEpochDay, toEpochDay, type LocalDate } from '../../shared/local-date.js';
import { DepositType } from '../../modules/agreement/agreement-codes.js';
import { ContributionFrequency } from '../../modules/deposit/deposit-schedule.rules.js';
import { LedgerAccountKind } from '../../modules/ledger/ledger-account-kind.js';
import { checkLines, checkMoneySources } from '../../modules/ledger/ledger.rules.js';
import type { Posting, ReversalPosting } from '../../modules/ledger/ledger.types.js';
import { BILLER_TEMPLATES, SUB_CATEGORY_TEMPLATES } from '../biller-templates.js';
import { CATEGORY, type Catalogue, type CategoryKey } from '../catalogue.js';
import { createRandom } from '../random.js';
import { billerSeed, subCategorySeed } from './billers.js';
import { at } from './payments.js';
import { planHistory } from './plan.js';

const catalogue: Catalogue = {
  categoryIds: Object.fromEntries(Object.keys(CATEGORY).map((key, i) => [key, i + 1])) as Record<CategoryKey, number>,
  companies: [],
  companyByName: new Map(),
  overdrawRuleId: 1,
};

const frequencies = [
  ContributionFrequency.Weekly,
  ContributionFrequency.Fortnightly,
  ContributionFrequency.Monthly,
  ContributionFrequency.BiMonthly,
];

describe('planHistory', () => {
  it('plans only postings the ledger accepts, and its closing balances are the sums of their lines', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: toEpochDay('2025-01-01' as LocalDate), max: toEpochDay('2030-12-31' as LocalDate) }),
        fc.nat(),
        fc.constantFrom(...frequencies),
        fc.boolean(),
        fc.option(fc.integer({ min: 1, max: 60 })),
        (todayDay, seed, frequency, specials, stopDaysAgo) => {
          const today = fromEpochDay(todayDay);
          const random = createRandom(seed);
          const start = addMonths(today, -12);
          const createdAt = at(start, 9);
          const options = { from: start, dateAdded: start, createdAt, directDebitNumber: '890000001' };
          const billers = Object.values(BILLER_TEMPLATES).map((t) => billerSeed(t, catalogue, random, options));
          const subCategories = Object.values(SUB_CATEGORY_TEMPLATES).map((t) =>
            subCategorySeed(t, catalogue, random, { from: start, dateAdded: start, createdAt }),
          );
          const stop = stopDaysAgo === null ? null : addDays(today, -stopDaysAgo);
          const { history } = planHistory({
            agreementId: 1,
            accountId: 1,
            memberId: 1,
            period: { start, end: addDays(addMonths(start, 24), -1) },
            today,
            frequency,
            depositType: DepositType.PeriodicalPayment,
            linkedAccountId: 7,
            linkedOpeningBalance: 10_000_000,
            billers,
            subCategories,
            missedDepositsFrom: stop,
            stops: { paymentsStopFrom: stop, overdueManualBills: 2, specials, arrearsPayment: stop !== null },
            random,
            agentName: 'Alex Agent',
            createdAt,
          });
          const totals = { allocation: 0, contingency: 0, rainyDay: 0 };
          for (const seedPosting of history.postings) {
            const posting: Posting = {
              ...seedPosting,
              agreementId: 1,
              activity: { type: seedPosting.activity.type },
              billMoneySources: seedPosting.sources?.map((s) => ({ ...s, billId: s.billIndex })),
            };
            const checked: Posting | ReversalPosting = seedPosting.reverses
              ? { ...posting, reversesTransactionId: 1, reversedType: seedPosting.reverses.type }
              : posting;
            checkLines(checked);
            checkMoneySources(checked);
            expect(seedPosting.effectiveDate <= today).toBe(true);
            for (const line of seedPosting.lines) {
              if (line.account.kind === LedgerAccountKind.Allocation) totals.allocation += line.amount;
              if (line.account.kind === LedgerAccountKind.Contingency) totals.contingency += line.amount;
              if (line.account.kind === LedgerAccountKind.RainyDay) totals.rainyDay += line.amount;
            }
          }
          expect(history.closing).toEqual(totals);
        },
      ),
      { numRuns: 40 },
    );
  });
});
