import type { Cents } from '../../../../server/src/common/money';
import { validateBpayPayment } from '../../../../server/src/common/validation/bpay';
import { DEMO_BPAY_BILLERS } from '../../../../server/src/common/validation/bpay-demo-billers';
import { validateEftDetails } from '../../../../server/src/common/validation/eft';

export interface PayingDetails {
  paymentType: string;
  nickname: string;
  bPayNumber: string | null;
  customerReferenceNumber: string | null;
  bsbNumber: string | null;
  eftAccountNumber: string | null;
  eftAccountName: string | null;
  eftReferenceNumber: string | null;
}

/**
 * Spec 1 §5: BPAY or EFT details re-validated with the shared validators (their messages) before paying a bill;
 * the payment type must not be Unknown. Allocations carry no paying details. Returns the messages, none when valid.
 */
export function payingDetailsErrors(
  bill: PayingDetails,
  amount: Cents | undefined,
  billOrAllocation: 'bill' | 'allocation',
  unknownTypeMessage: string,
): string[] {
  if (billOrAllocation === 'allocation') return [];
  if (bill.paymentType === 'BPAY') {
    const result = validateBpayPayment(
      {
        billerCode: bill.bPayNumber,
        customerReferenceNumber: bill.customerReferenceNumber,
        loadedReference: bill.customerReferenceNumber,
        amount: amount ?? null,
      },
      DEMO_BPAY_BILLERS,
    );
    return result.ok ? [] : [result.message];
  }
  if (bill.paymentType === 'EFT') {
    const result = validateEftDetails({
      bsbNumber: bill.bsbNumber,
      eftAccountNumber: bill.eftAccountNumber,
      eftAccountName: bill.eftAccountName,
      eftReferenceNumber: bill.eftReferenceNumber,
      nickname: bill.nickname,
    });
    return result.ok ? [] : result.rejections.map((rejection) => rejection.message);
  }
  return [unknownTypeMessage];
}
