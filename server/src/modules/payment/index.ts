/** The payment module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { automaticPaymentKey } from './automatic-payments.js';
export type { AutomaticPaymentBill, AutomaticPaymentsResult } from './automatic-payments.js';
export { BillQueryService } from './bill-query.service.js';
export { CatchUpService } from './catch-up.service.js';
export { loadAccessibleBill } from './payment-load.js';
export { moneySources, paymentLines } from './payment-posting.js';
export type { PostingPlan } from './payment-posting.js';
export { setAsideFrom, splitPayment, storedConfirmationFigures } from './payment-split.rules.js';
export type { TopUpResult } from './payment-split.rules.js';
export { PAYMENT_MESSAGES, PaymentError } from './payment.errors.js';
export { PaymentResolver } from './payment.resolver.js';
export { paymentRoutes } from './payment.rest.js';
// pendingWindowOf: rule "pending window" (1 §2), by which the bank day's payment windows send and answer payments.
export { pendingWindowOf } from './payment.rules.js';
export { PaymentService } from './payment.service.js';
export { ReversalService } from './reversal.service.js';
