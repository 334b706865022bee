import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, addMonths, type LocalDate } from '../shared/local-date.js';
import { cents } from '../shared/money.js';
import { AgreementChangeType, AgreementStatus, DepositType } from '../modules/agreement/index.js';
import { PaymentMethod } from '../shared/bill/payment-method.js';
import { BillerStatus, ModificationState } from '../shared/biller/biller-codes.js';
import { ContributionFrequency } from '../modules/deposit/index.js';
import { LedgerService } from '../modules/ledger/index.js';
import { NotificationSourceType, NotificationStatus } from '../shared/notification/notification-codes.js';
import {
  BILLER_TEMPLATES,
  SUB_CATEGORY_TEMPLATES,
  type BillerTemplate,
  type SubCategoryTemplateKey,
} from './biller-templates.js';
import type { Catalogue } from './catalogue.js';
import { savingsAccountCredits } from './core-banking.js';
import { billerSeed, subCategorySeed } from './history/billers.js';
import { at } from './history/payments.js';
import { planHistory, type HistoryInput } from './history/plan.js';
import { tellStory, type StoryOptions } from './history/story.js';
import type { AgreementHistory, BillerSeed } from './history/types.js';
import { notAfter, writeHistories, type StaffIds } from './history/writer.js';
import { createRandom } from './random.js';

export type DemoScenario = 'first' | 'renewal' | 'showcase' | 'pending' | 'missed' | 'locked' | 'resigned';

/** One demo agreement version: its row, the part of its period the plan covers, and the story it tells. */
export interface DemoAgreement {
  agreementId: number;
  accountId: number;
  status: AgreementStatus;
  start: LocalDate;
  end: LocalDate;
  /** The part of the period this version's bills and deposits cover (a modification starts later). */
  planFrom?: LocalDate;
  planTo?: LocalDate;
  holder: { memberId: number; firstName: string; email: string | null; mobile: string | null };
  branchId: number | null;
  linkedAccountId: number;
  scenario: DemoScenario;
  change?: { type: AgreementChangeType; previous: number; on: LocalDate } | null;
}

export interface DemoContext {
  today: LocalDate;
  /** The clock's now: nothing the demo writes happens after it. */
  now: Date;
  catalogue: Catalogue;
  staff: StaffIds;
  templateIds: ReadonlyMap<string, number>;
}

const T = BILLER_TEMPLATES;
const OLD_PHONE: BillerTemplate = {
  ...T.mobile,
  nickname: 'Old phone plan',
  paymentMethod: PaymentMethod.Bpay,
  amount: cents(6_900),
  varies: false,
};
const INTERNET_UPGRADED: BillerTemplate = { ...T.internet, amount: cents(7_900) };

const BILLERS: Record<DemoScenario, BillerTemplate[]> = {
  first: [T.electricity, T.gas, T.water, T.internet, T.rates, T.homeInsurance, T.rent, T.gym],
  renewal: [
    T.electricity,
    T.gas,
    T.water,
    T.mobile,
    T.internet,
    T.rates,
    T.homeInsurance,
    T.rent,
    T.carRego,
    T.gym,
    T.cleaner,
    OLD_PHONE,
  ],
  showcase: [
    T.electricity,
    T.gas,
    T.water,
    T.mobile,
    INTERNET_UPGRADED,
    T.rates,
    T.homeInsurance,
    T.rent,
    T.carRego,
    T.gym,
    T.cleaner,
    OLD_PHONE,
    T.orthodontist,
  ],
  pending: [T.electricity, T.water, T.internet, T.rent, T.carInsurance],
  missed: [T.electricity, T.mobile, T.rent, T.carInsurance, T.rates, T.streaming],
  locked: [T.electricity, T.gas, T.healthFund, T.schoolFees, T.childcare],
  resigned: [T.electricity, T.water, T.internet],
};

const SUB_CATEGORIES: Record<DemoScenario, SubCategoryTemplateKey[]> = {
  first: ['uniforms'],
  renewal: ['uniforms', 'medical'],
  showcase: ['uniforms', 'medical'],
  pending: [],
  missed: ['christmas'],
  locked: ['carService'],
  resigned: [],
};

/** How the showcase's modification treated each biller (spec 2 §3 modification states). */
const SHOWCASE_CHANGES = new Map<BillerTemplate, ModificationState>([
  [T.orthodontist, ModificationState.New],
  [INTERNET_UPGRADED, ModificationState.Edit],
  [OLD_PHONE, ModificationState.Removed],
]);

interface Written {
  history: AgreementHistory;
  billers: Map<string, { id: number; seed: BillerSeed }>;
}

/** The demo's agreements, planned with the bill and deposit engines and written through the ledger, in version order. */
export async function seedDemoHistories(
  em: EntityManager,
  context: DemoContext,
  agreements: DemoAgreement[],
  savings: { memberId: number; linkedAccountId: number; salary: boolean }[],
): Promise<void> {
  const { today, now, catalogue, staff } = context;
  const fundedFrom = addMonths(today, -25);
  const cap = notAfter(now);
  await new LedgerService().postMany(
    em,
    savingsAccountCredits(
      savings.map((s) => ({
        ...s,
        opening: s.salary ? 600_000 : 420_000,
        monthly: s.salary ? 320_000 : 0,
        from: fundedFrom,
        today,
      })),
    ).map((posting) => ({ ...posting, createdAt: posting.createdAt && cap(posting.createdAt) })),
  );

  const plan = (agreement: DemoAgreement, previous: Written | undefined): AgreementHistory => {
    const random = createRandom(`demo:${agreement.scenario}:${today}`);
    const from = agreement.planFrom ?? agreement.start;
    const horizon = agreement.planTo && agreement.planTo < today ? agreement.planTo : today;
    const createdOn = agreement.scenario === 'pending' ? addDays(today, -2) : addDays(from, -10);
    const modifiedOn = agreement.change?.type === AgreementChangeType.Modification ? agreement.change.on : null;
    const billers = BILLERS[agreement.scenario].map((template, index) => {
      const state = modifiedOn ? (SHOWCASE_CHANGES.get(template) ?? ModificationState.None) : ModificationState.None;
      const before = previous?.billers.get(template.nickname);
      const removed = state === ModificationState.Removed;
      const seed = billerSeed(template, catalogue, random, {
        from: state === ModificationState.New && modifiedOn ? modifiedOn : from,
        dateAdded:
          state === ModificationState.New && modifiedOn
            ? modifiedOn
            : ((before?.seed.values.date_added as LocalDate) ?? createdOn),
        createdAt: at(createdOn, 10),
        directDebitNumber: `80${String(agreement.agreementId * 100 + index).padStart(7, '0')}`,
        status: removed ? BillerStatus.Removed : BillerStatus.Active,
        dateRemoved: removed ? modifiedOn : null,
        modificationState: state,
        previousBillerId: before?.id ?? null,
      });
      if (before && seed.template.paymentMethod === PaymentMethod.DirectDebit) {
        seed.values.direct_debit_account_number = before.seed.values.direct_debit_account_number;
      }
      return seed;
    });
    const subCategories = SUB_CATEGORIES[agreement.scenario].map((key) =>
      subCategorySeed(SUB_CATEGORY_TEMPLATES[key], catalogue, random, {
        from,
        dateAdded: createdOn,
        createdAt: at(createdOn, 10),
      }),
    );
    const input: HistoryInput = {
      agreementId: agreement.agreementId,
      accountId: agreement.accountId,
      memberId: agreement.holder.memberId,
      period: { start: from, end: agreement.end },
      until: agreement.planTo ?? null,
      today: horizon,
      frequency: ContributionFrequency.Fortnightly,
      depositType: DepositType.PeriodicalPayment,
      linkedAccountId: agreement.linkedAccountId,
      linkedOpeningBalance: 600_000,
      billers,
      subCategories,
      opening: previous ? { previousAgreementId: previous.history.agreementId, ...previous.history.closing } : null,
      stops: { paymentsStopFrom: null, overdueManualBills: 0, specials: false, arrearsPayment: false },
      random,
      agentName: staff.names.agent,
      createdAt: at(createdOn, 10),
    };
    const story: StoryOptions = {
      status: agreement.status,
      createdOn,
      holders: [agreement.holder],
      branchId: agreement.branchId,
      overdrawRuleId: catalogue.overdrawRuleId,
      change: agreement.change ?? null,
      rich: false,
      agentName: staff.names.agent,
      managerName: staff.names.manager,
    };
    customise(agreement, input, story, today);
    const planned = planHistory(input);
    tellStory(planned, input, story);
    if (agreement.scenario === 'pending') queueApprovalRequest(planned.history, agreement, today);
    return planned.history;
  };

  let previous: Written | undefined;
  const rest: AgreementHistory[] = [];
  for (const agreement of agreements) {
    const chained =
      agreement.scenario === 'first' || agreement.scenario === 'renewal' || agreement.scenario === 'showcase';
    if (!chained) {
      rest.push(plan(agreement, undefined));
      continue;
    }
    const history = plan(agreement, agreement.change ? previous : undefined);
    const [written] = (await writeHistories(em, [history], staff, context.templateIds, now)).histories;
    previous = {
      history,
      billers: new Map(history.billers.map((seed, i) => [seed.template.nickname, { id: written.billerIds[i], seed }])),
    };
  }
  await writeHistories(em, rest, staff, context.templateIds, now);
}

/** Each scenario's deposits, stops and story. */
function customise(agreement: DemoAgreement, input: HistoryInput, story: StoryOptions, today: LocalDate): void {
  const stopsFrom = (date: LocalDate) => ({ ...input.stops, paymentsStopFrom: date });
  switch (agreement.scenario) {
    case 'showcase':
      input.stops = { paymentsStopFrom: null, overdueManualBills: 2, specials: true, arrearsPayment: false };
      story.rich = true;
      break;
    case 'pending':
      Object.assign(input, { frequency: ContributionFrequency.Monthly, depositType: DepositType.PayrollDeduction });
      story.approvals = 'pendingAgreement';
      break;
    case 'missed': {
      const missedFrom = addDays(today, -9);
      Object.assign(input, { depositType: DepositType.PayrollDeduction, missedDepositsFrom: missedFrom });
      input.stops = { ...stopsFrom(missedFrom), arrearsPayment: true, overdueManualBills: 1 };
      story.rich = true;
      break;
    }
    case 'locked': {
      const lockedOn = addDays(today, -20);
      input.frequency = ContributionFrequency.BiMonthly;
      input.stops = stopsFrom(lockedOn);
      Object.assign(story, { lockedOn, earlierLock: true, rich: true });
      break;
    }
    case 'resigned': {
      const resignedOn = addDays(today, -5);
      Object.assign(input, { frequency: ContributionFrequency.Monthly, missedDepositsFrom: resignedOn });
      input.stops = stopsFrom(resignedOn);
      break;
    }
    default:
      break;
  }
}

function queueApprovalRequest(history: AgreementHistory, agreement: DemoAgreement, today: LocalDate): void {
  history.notifications.push({
    sourceType: NotificationSourceType.ContractApprovingNotification,
    templateName: 'ContractApprovingNotification',
    status: NotificationStatus.Queued,
    queuedAt: at(today, 8),
    emailSubject: 'Your bill smoothing agreement is ready',
    emailBody: `Dear ${agreement.holder.firstName}, your agreement ${agreement.agreementId} is ready. Please sign in to review and approve it.`,
    smsBody: 'Your bill smoothing agreement is ready for your approval.',
    staff: 'agent',
    recipientEmail: agreement.holder.email,
    recipientMobile: agreement.holder.mobile,
  });
}
