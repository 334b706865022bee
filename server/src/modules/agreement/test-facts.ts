import { parseLocalDate } from '../../shared/local-date.js';
import { cents } from '../../shared/money.js';
import { BillStatus } from '../bill/index.js';
import { PaymentMethod } from '../../shared/bill/payment-method.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import type { AgreementFacts } from './agreement-facts.js';
import type { BillerFacts, BillFacts } from './agreement-billers.js';
import { AgreementStatus } from './agreement-status.js';

/** Plain facts for the rules' tests (no database). */
export const d = parseLocalDate;

export function agreementFacts(change: Partial<AgreementFacts> = {}): AgreementFacts {
  return {
    id: 3,
    accountId: 1,
    status: AgreementStatus.Active,
    startDate: d('2026-01-01'),
    endDate: d('2026-12-31'),
    contributionFrequency: 2,
    depositAmount: cents(18_500),
    contributionDate: d('2026-01-01'),
    nextDepositDate: d('2026-06-18'),
    nextDepositAmount: null,
    biMonthlyFirstDate: null,
    biMonthlySecondDate: null,
    selectedContributionDate: null,
    overdrawRuleDurationDays: 56,
    overrideOverdrawRule: false,
    overrideOverdrawRuleDurationDays: null,
    approvedOverdrawAmount: null,
    totalContractValue: null,
    memberApprovedAt: null,
    ...change,
  };
}

export function billerFacts(id: number, change: Partial<BillerFacts> = {}): BillerFacts {
  const isSubCategory = change.isSubCategory ?? false;
  return {
    key: `${isSubCategory ? 'subcategory' : 'biller'}:${id}`,
    previousKey: null,
    id,
    agreementId: 3,
    isSubCategory,
    nickname: `Biller ${id}`,
    categoryId: 1,
    categoryName: 'Electricity',
    paymentMethod: isSubCategory ? PaymentMethod.Unknown : PaymentMethod.Bpay,
    frequency: 3,
    expectedBillValue: cents(10_000),
    newEstimate: null,
    status: BillerStatus.Active,
    onHoldDate: null,
    isAutoPayment: false,
    dateOfBill: d('2026-01-10'),
    secondDateOfBill: null,
    finalBillDate: null,
    amountVaries: false,
    peakMonths: [],
    peakValue: null,
    offPeakValue: null,
    ...change,
  };
}

export function billFacts(id: number, sourceKey: string, dueDate: string, change: Partial<BillFacts> = {}): BillFacts {
  return {
    id,
    agreementId: 3,
    sourceKey,
    dueDate: d(dueDate),
    expectedAmount: cents(10_000),
    amountAllocated: cents(10_000),
    contingency: cents(0),
    status: BillStatus.Scheduled,
    paidAmount: cents(0),
    paidDate: null,
    ...change,
  };
}
