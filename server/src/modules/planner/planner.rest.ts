import { bodyField, route, textValue as text } from '../../rest/route.js';
import { wireMoney } from '../../rest/wire.js';
import { BpayValidation, BsbValidation } from './payment-check.types.js';

// The legacy client sends numbers or strings (`text`); keys in camelCase or PascalCase (`bodyField` ignores case).
export const plannerRoutes = [
  // Body (spec 2 §3): paymentType, bPayNumber, customerReferenceNumber, amount, bPayAccountNumber,
  // bPayMemberNumber. The account and member numbers say where a payment would come from: a check of the
  // details does not need them.
  route('post', '/api/billers/validatebpay', 'signed-in', BpayValidation, ({ em, req, services }) =>
    services.planner.validateBpay(em, {
      bPayNumber: text(bodyField(req.body, 'bPayNumber')),
      customerReferenceNumber: text(bodyField(req.body, 'customerReferenceNumber')),
      amount: wireMoney(bodyField(req.body, 'amount'), 'amount'),
    }),
  ),

  // Body: { BsbNumber } (spec 2 §3).
  route('post', '/api/billers/validatebsb', 'signed-in', BsbValidation, ({ req, services }) =>
    services.planner.validateBsb(text(bodyField(req.body, 'BsbNumber'))),
  ),
];
