import { cents, type Cents } from '../shared/money.js';
import { BillingFrequency } from '../shared/bill/billing-frequency.js';
import { PaymentMethod } from '../shared/bill/payment-method.js';
import type { CategoryKey } from './catalogue.js';

/** A household biller the seeds put in agreements: every payment type, auto and manual, every selectable frequency. */
export interface BillerTemplate {
  nickname: string;
  category: CategoryKey;
  /** A catalogue company; null for an unknown company. */
  companyName: string | null;
  paymentMethod: PaymentMethod;
  frequency: BillingFrequency;
  amount: Cents;
  varies: boolean;
  auto: boolean;
  season?: { peakMonths: number[]; peak: Cents; offPeak: Cents };
  /** A final bill this many months after the first. */
  finalBillAfterMonths?: number;
  /** Twice a month: the two days. */
  biMonthlyDays?: [number, number];
  /** Paid this many days before the date of bill. */
  offsetDays?: number;
}

export interface SubCategoryTemplate {
  nickname: string;
  category: CategoryKey;
  frequency: BillingFrequency;
  amount: Cents;
}

const $ = (dollars: number): Cents => cents(Math.round(dollars * 100));

export const BILLER_TEMPLATES = {
  electricity: {
    nickname: 'Electricity',
    category: 'electricity',
    companyName: 'Harbourside Energy',
    paymentMethod: PaymentMethod.Bpay,
    frequency: BillingFrequency.Quarterly,
    amount: $(420),
    varies: true,
    auto: false,
    season: { peakMonths: [6, 7, 8], peak: $(520), offPeak: $(380) },
  },
  gas: {
    nickname: 'Gas',
    category: 'gas',
    companyName: 'Bluegum Gas',
    paymentMethod: PaymentMethod.Bpay,
    frequency: BillingFrequency.Quarterly,
    amount: $(185),
    varies: true,
    auto: true,
  },
  water: {
    nickname: 'Water',
    category: 'water',
    companyName: 'Murray Valley Water',
    paymentMethod: PaymentMethod.Bpay,
    frequency: BillingFrequency.EverySecondMonth,
    amount: $(172.4),
    varies: false,
    auto: false,
  },
  mobile: {
    nickname: 'Mobile phone',
    category: 'phone',
    companyName: 'Outback Mobile',
    paymentMethod: PaymentMethod.DirectDebit,
    frequency: BillingFrequency.Monthly,
    amount: $(89),
    varies: true,
    auto: true,
  },
  internet: {
    nickname: 'Internet',
    category: 'phone',
    companyName: 'Wattle Telecom',
    paymentMethod: PaymentMethod.Bpay,
    frequency: BillingFrequency.Monthly,
    amount: $(75),
    varies: false,
    auto: true,
  },
  rates: {
    nickname: 'Council rates',
    category: 'rates',
    companyName: 'City of Riverbend Council Rates',
    paymentMethod: PaymentMethod.Bpay,
    frequency: BillingFrequency.Quarterly,
    amount: $(482.5),
    varies: false,
    auto: false,
  },
  homeInsurance: {
    nickname: 'Home insurance',
    category: 'insurance',
    companyName: 'Kookaburra Home Insurance',
    paymentMethod: PaymentMethod.Bpay,
    frequency: BillingFrequency.Annually,
    amount: $(1380),
    varies: false,
    auto: false,
  },
  carInsurance: {
    nickname: 'Car insurance',
    category: 'insurance',
    companyName: 'Coastal Mutual Car Insurance',
    paymentMethod: PaymentMethod.Bpay,
    frequency: BillingFrequency.Monthly,
    amount: $(112.3),
    varies: false,
    auto: true,
  },
  rent: {
    nickname: 'Rent',
    category: 'rent',
    companyName: 'Riverbend Property Management',
    paymentMethod: PaymentMethod.Eft,
    frequency: BillingFrequency.Fortnightly,
    amount: $(820),
    varies: false,
    auto: true,
    offsetDays: 1,
  },
  schoolFees: {
    nickname: 'School fees',
    category: 'education',
    companyName: 'Banksia Grammar School',
    paymentMethod: PaymentMethod.Eft,
    frequency: BillingFrequency.Quarterly,
    amount: $(650),
    varies: false,
    auto: false,
  },
  carRego: {
    nickname: 'Car registration',
    category: 'transport',
    companyName: 'Transport Registry (demo)',
    paymentMethod: PaymentMethod.Cheque,
    frequency: BillingFrequency.Annually,
    amount: $(781.2),
    varies: false,
    auto: false,
  },
  healthFund: {
    nickname: 'Health insurance',
    category: 'health',
    companyName: 'Bluegum Health Fund',
    paymentMethod: PaymentMethod.DirectDebit,
    frequency: BillingFrequency.Monthly,
    amount: $(165),
    varies: true,
    auto: true,
  },
  childcare: {
    nickname: 'Childcare',
    category: 'childcare',
    companyName: 'Little Wrens Childcare',
    paymentMethod: PaymentMethod.Eft,
    frequency: BillingFrequency.Weekly,
    amount: $(210),
    varies: true,
    auto: true,
  },
  gym: {
    nickname: 'Gym membership',
    category: 'other',
    companyName: 'Coral Coast Gym',
    paymentMethod: PaymentMethod.Reimbursement,
    frequency: BillingFrequency.Monthly,
    amount: $(55),
    varies: false,
    auto: false,
  },
  cleaner: {
    nickname: 'Cleaner',
    category: 'other',
    companyName: null,
    paymentMethod: PaymentMethod.Eft,
    frequency: BillingFrequency.BiMonthly,
    amount: $(120),
    varies: false,
    auto: true,
    biMonthlyDays: [1, 15],
  },
  orthodontist: {
    nickname: 'Orthodontist',
    category: 'health',
    companyName: 'Gumtree Dental',
    paymentMethod: PaymentMethod.Eft,
    frequency: BillingFrequency.Monthly,
    amount: $(150),
    varies: false,
    auto: false,
    finalBillAfterMonths: 9,
  },
  streaming: {
    nickname: 'Streaming',
    category: 'other',
    companyName: 'Streamline Entertainment',
    paymentMethod: PaymentMethod.Bpay,
    frequency: BillingFrequency.SemiAnnually,
    amount: $(96),
    varies: false,
    auto: true,
  },
} satisfies Record<string, BillerTemplate>;

export type BillerTemplateKey = keyof typeof BILLER_TEMPLATES;

export const SUB_CATEGORY_TEMPLATES = {
  uniforms: {
    nickname: 'School uniforms',
    category: 'education',
    frequency: BillingFrequency.SemiAnnually,
    amount: $(240),
  },
  medical: { nickname: 'Medical', category: 'health', frequency: BillingFrequency.Quarterly, amount: $(120) },
  christmas: { nickname: 'Christmas', category: 'other', frequency: BillingFrequency.Annually, amount: $(600) },
  carService: {
    nickname: 'Car servicing',
    category: 'transport',
    frequency: BillingFrequency.SemiAnnually,
    amount: $(350),
  },
} satisfies Record<string, SubCategoryTemplate>;

export type SubCategoryTemplateKey = keyof typeof SUB_CATEGORY_TEMPLATES;
