import { agreementTakesPayments } from '../../../shared/money-movement.rules.js';
import { visibleBillsDue } from './projection.rules.js';
import { noNextDepositWords, verdictWords } from './projection-words.rules.js';
import type { AgreementProjection, ProjectedForecast } from './projection.rules.js';
import type { AgreementProjectionView, ForecastVerdict } from './projection.types.js';

/** The forecast's verdict as the screens read it: the figures and the words. */
export function forecastVerdictView(forecast: ProjectedForecast | null, memberResigned: boolean): ForecastVerdict {
  const words = verdictWords(forecast, memberResigned);
  const short = forecast !== null && forecast.firstShortDate !== null;
  return {
    ...words,
    onTrack: forecast !== null && !short,
    until: forecast?.until ?? null,
    firstShortDate: forecast?.firstShortDate ?? null,
    firstShortfall: forecast?.firstShortfall ?? null,
    shortBill: forecast?.shortBill ?? null,
    lowestPoint: short ? forecast.lowestPoint : null,
    topUpToAvoid: forecast?.topUpToAvoid ?? null,
    depositToAvoid: forecast?.depositToAvoid ?? null,
    beyondApprovedOverdraw: forecast?.beyondApprovedOverdraw ?? false,
  };
}

/**
 * The projection as GraphQL and REST answer it; members do not see reimbursement bills among the bills due. The
 * arrears name the account to pay into (`accountNumber`, the agreement's account).
 */
export function projectionView(
  projection: AgreementProjection,
  memberResigned: boolean,
  staff: boolean,
  accountNumber: string | null = null,
): AgreementProjectionView {
  return {
    agreementId: projection.agreementId,
    asOf: projection.asOf,
    balances: { ...projection.balances },
    nextDeposit: projection.nextDeposit,
    noNextDeposit: noNextDepositWords(projection.nextDeposit, projection.forecast),
    arrears: projection.arrears && { ...projection.arrears, payIntoAccount: accountNumber },
    billsDue: visibleBillsDue(projection.billsDue, staff),
    verdict: forecastVerdictView(projection.forecast, memberResigned),
    billsPayable: !memberResigned && agreementTakesPayments(projection.status),
  };
}
