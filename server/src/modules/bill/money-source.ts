/** Which balance paid (part of) a bill: one `bill_money_source` row each (spec 1 §3 confirmation summary). */
export enum MoneySource {
  Allocation = 1,
  Contingency = 2,
  RainyDay = 3,
  /** A top-up from one of the member's linked savings accounts. */
  LinkedAccount = 4,
  /** What the agreement could not pay: the amount owing, paid by the member (no money moved here). */
  ShortPay = 5,
}

export const MONEY_SOURCE_LABELS: Readonly<Record<MoneySource, string>> = {
  [MoneySource.Allocation]: 'From the money set aside',
  [MoneySource.Contingency]: 'From contingency',
  [MoneySource.RainyDay]: 'From rainy day',
  [MoneySource.LinkedAccount]: 'From savings account',
  [MoneySource.ShortPay]: 'Amount owing',
};
