/** Billing frequency codes of the spec (2 §3, 1 §9, 3 §9): the number is what is stored and sent. */
export enum BillingFrequency {
  PerDay = 0,
  Weekly = 1,
  Fortnightly = 2,
  Monthly = 3,
  EverySecondMonth = 4,
  Quarterly = 5,
  SemiAnnually = 6,
  Annually = 7,
  OnceOnly = 8,
  /** Twice a month on two chosen dates (the spec's "bi-monthly"); every second month is 4. */
  BiMonthly = 10,
}

/** The lookup labels (1 §9, 3 §9). */
export const BILLING_FREQUENCY_LABELS: Readonly<Record<BillingFrequency, string>> = {
  [BillingFrequency.PerDay]: 'per day',
  [BillingFrequency.Weekly]: 'per week',
  [BillingFrequency.Fortnightly]: 'per fortnight',
  [BillingFrequency.Monthly]: 'per month',
  [BillingFrequency.EverySecondMonth]: 'every 2nd month',
  [BillingFrequency.Quarterly]: 'per quarter',
  [BillingFrequency.SemiAnnually]: 'semi-annually',
  [BillingFrequency.Annually]: 'per year',
  [BillingFrequency.OnceOnly]: 'once only',
  [BillingFrequency.BiMonthly]: 'bi-monthly',
};

export interface FrequencyChoice {
  frequency: BillingFrequency;
  label: string;
}

/** What the biller and sub-category forms offer, in order (2 §3): per day and once only are not offered. */
export const SELECTABLE_BILLING_FREQUENCIES: readonly FrequencyChoice[] = [
  { frequency: BillingFrequency.Weekly, label: 'Weekly' },
  { frequency: BillingFrequency.Fortnightly, label: 'Fortnightly' },
  { frequency: BillingFrequency.Monthly, label: 'Monthly' },
  { frequency: BillingFrequency.EverySecondMonth, label: 'Every 2nd month' },
  { frequency: BillingFrequency.Quarterly, label: 'Every 3rd month (Quarterly)' },
  { frequency: BillingFrequency.SemiAnnually, label: 'Semi-annually' },
  { frequency: BillingFrequency.Annually, label: 'Annually' },
  { frequency: BillingFrequency.BiMonthly, label: 'Bi-Monthly' },
];

export const ALL_BILLING_FREQUENCIES: readonly BillingFrequency[] = [
  BillingFrequency.PerDay,
  BillingFrequency.Weekly,
  BillingFrequency.Fortnightly,
  BillingFrequency.Monthly,
  BillingFrequency.EverySecondMonth,
  BillingFrequency.Quarterly,
  BillingFrequency.SemiAnnually,
  BillingFrequency.Annually,
  BillingFrequency.OnceOnly,
  BillingFrequency.BiMonthly,
];

/** Guards codes read from the database or the wire (9 is not a frequency). */
export function isBillingFrequency(value: unknown): value is BillingFrequency {
  return typeof value === 'number' && (ALL_BILLING_FREQUENCIES as readonly number[]).includes(value);
}

/** How occurrences follow each other: whole days, or calendar months counted from the anchor date. */
export type FrequencyStep =
  { kind: 'days'; days: number } | { kind: 'months'; months: number } | { kind: 'once' } | { kind: 'twiceAMonth' };

export function frequencyStep(frequency: BillingFrequency): FrequencyStep {
  switch (frequency) {
    case BillingFrequency.PerDay:
      return { kind: 'days', days: 1 };
    case BillingFrequency.Weekly:
      return { kind: 'days', days: 7 };
    case BillingFrequency.Fortnightly:
      return { kind: 'days', days: 14 };
    case BillingFrequency.Monthly:
      return { kind: 'months', months: 1 };
    case BillingFrequency.EverySecondMonth:
      return { kind: 'months', months: 2 };
    case BillingFrequency.Quarterly:
      return { kind: 'months', months: 3 };
    case BillingFrequency.SemiAnnually:
      return { kind: 'months', months: 6 };
    case BillingFrequency.Annually:
      return { kind: 'months', months: 12 };
    case BillingFrequency.OnceOnly:
      return { kind: 'once' };
    case BillingFrequency.BiMonthly:
      return { kind: 'twiceAMonth' };
  }
}
