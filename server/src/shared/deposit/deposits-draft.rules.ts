/**
 * The deposits step's draft (spec 3 §3): the whole deposits model the step sends, the server checking every rule on it.
 * The client's form and the simulation's staff (`server/src/simulation/sim-wizard.ts`) both start from it.
 */
export interface DepositsDraftFields {
  contributionFrequency: number | null;
  contributionAmount: string | null;
  contributionDate: string | null;
  biMonthly1stDate: string | null;
  biMonthly2ndDate: string | null;
  selectedContributionDate: number | null;
  depositType: number | null;
  remitterName: string | null;
  remitterNumber: string | null;
  periodicalPaymentAccount: number | null;
  isTopupPerformed: boolean | null;
  isRemoveBillPerformed: boolean | null;
  topupAccount: number | null;
}

/**
 * Rule "the draft as the server answered the step": its stored values (with the load rules the server applied), the
 * deposit being the chosen option's required one (`contributionAmount` null) unless the member asks for more.
 */
export function draftFromStep(deposits: Omit<DepositsDraftFields, 'contributionAmount'>): DepositsDraftFields {
  return {
    contributionFrequency: deposits.contributionFrequency,
    contributionAmount: null,
    contributionDate: deposits.contributionDate,
    biMonthly1stDate: deposits.biMonthly1stDate,
    biMonthly2ndDate: deposits.biMonthly2ndDate,
    selectedContributionDate: deposits.selectedContributionDate,
    depositType: deposits.depositType,
    remitterName: deposits.remitterName,
    remitterNumber: deposits.remitterNumber,
    periodicalPaymentAccount: deposits.periodicalPaymentAccount,
    isTopupPerformed: deposits.isTopupPerformed,
    isRemoveBillPerformed: deposits.isRemoveBillPerformed,
    topupAccount: deposits.topupAccount,
  };
}
