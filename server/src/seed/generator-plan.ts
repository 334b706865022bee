import { addDays, type LocalDate } from '../shared/local-date.js';
import { DepositType } from '../modules/agreement/index.js';
import { ContributionFrequency } from '../modules/deposit/index.js';
import { BILLER_TEMPLATES, SUB_CATEGORY_TEMPLATES } from './biller-templates.js';
import type { Setup } from './generator-setup.js';
import { SCENARIO_STATUS, type GeneratedMember, type GeneratedScenario } from './generator-people.js';
import { billerSeed, subCategorySeed } from './history/billers.js';
import { at } from './history/payments.js';
import { planHistory, type HistoryInput } from './history/plan.js';
import { tellStory } from './history/story.js';
import type { AgreementHistory } from './history/types.js';
import type { Random } from './random.js';

const BILLER_KEYS = Object.keys(BILLER_TEMPLATES) as (keyof typeof BILLER_TEMPLATES)[];
const SUB_KEYS = Object.keys(SUB_CATEGORY_TEMPLATES) as (keyof typeof SUB_CATEGORY_TEMPLATES)[];
const FREQUENCIES = [
  ContributionFrequency.Fortnightly,
  ContributionFrequency.Fortnightly,
  ContributionFrequency.Fortnightly,
  ContributionFrequency.Weekly,
  ContributionFrequency.Monthly,
  ContributionFrequency.Monthly,
  ContributionFrequency.BiMonthly,
];

function pickSome<T>(items: readonly T[], count: number, random: Random): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(random.int(0, pool.length - 1), 1)[0]);
  return chosen;
}

export interface PlanInput {
  memberId: number;
  accountId: number;
  agreementId: number;
  period: { start: LocalDate; end: LocalDate };
  scenario: GeneratedScenario;
  random: Random;
  today: LocalDate;
  branchId: number;
  linkedAccountId: number;
  person: GeneratedMember;
  ddBase: number;
}

/** One generated agreement's history: random billers, deposits and scenario, planned like the demo's. */
export function planGenerated(setup: Setup, p: PlanInput): AgreementHistory {
  const { random, period, today, scenario } = p;
  const createdOn =
    scenario === 'pending' ? addDays(today, -random.int(1, 10)) : addDays(period.start, -random.int(5, 20));
  const createdAt = at(createdOn, 10);
  const billers = pickSome(BILLER_KEYS, random.int(4, 9), random).map((key, i) =>
    billerSeed(BILLER_TEMPLATES[key], setup.catalogue, random, {
      from: period.start,
      dateAdded: createdOn,
      createdAt,
      directDebitNumber: `89${String(p.ddBase + i).padStart(7, '0')}`,
    }),
  );
  const subCategories = pickSome(SUB_KEYS, random.int(0, 2), random).map((key) =>
    subCategorySeed(SUB_CATEGORY_TEMPLATES[key], setup.catalogue, random, {
      from: period.start,
      dateAdded: createdOn,
      createdAt,
    }),
  );
  const stopOn =
    scenario === 'missed'
      ? addDays(today, -random.int(3, 40))
      : scenario === 'locked'
        ? addDays(today, -random.int(5, 60))
        : scenario === 'resigned'
          ? addDays(today, -random.int(3, 90))
          : null;
  const input: HistoryInput = {
    agreementId: p.agreementId,
    accountId: p.accountId,
    memberId: p.memberId,
    period,
    today,
    frequency: random.pick(FREQUENCIES),
    depositType: random.chance(0.7) ? DepositType.PeriodicalPayment : DepositType.PayrollDeduction,
    linkedAccountId: p.linkedAccountId,
    linkedOpeningBalance: 100_000_000,
    billers,
    subCategories,
    missedDepositsFrom: scenario === 'missed' || scenario === 'resigned' ? stopOn : null,
    stops: {
      paymentsStopFrom: stopOn,
      overdueManualBills: scenario === 'active' || scenario === 'activeRich' ? random.int(0, 2) : 0,
      specials: scenario === 'activeRich',
      arrearsPayment: scenario === 'missed' && random.chance(0.3),
    },
    random,
    agentName: setup.staff.names.agent,
    createdAt,
  };
  const planned = planHistory(input);
  tellStory(planned, input, {
    status: SCENARIO_STATUS[scenario],
    createdOn,
    holders: [{ memberId: p.memberId, firstName: p.person.firstName, email: p.person.email, mobile: p.person.mobile }],
    branchId: p.branchId,
    overdrawRuleId: setup.catalogue.overdrawRuleId,
    lockedOn: scenario === 'locked' ? stopOn : null,
    rich: scenario === 'activeRich' || scenario === 'missed' || scenario === 'locked',
    agentName: setup.staff.names.agent,
    managerName: setup.staff.names.manager,
  });
  return planned.history;
}
