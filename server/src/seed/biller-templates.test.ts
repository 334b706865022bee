import { describe, expect, it } from 'vitest';
import { normaliseBillerCode } from '../shared/validation/bpay.js';
import { PaymentMethod } from '../shared/bill/payment-method.js';
import { CATALOGUE_COMPANIES } from '../modules/company/company-catalogue.data.js';
import { BILLER_TEMPLATES } from './biller-templates.js';

/**
 * Every demo biller can be saved unchanged in the wizard (issue 26 item 7: 100002's "Streaming" was stored BPAY for
 * a company that is paid by direct debit only, and the form refused it "cannot be paid by BPAY"). The wizard's
 * company check (biller-wizard.service `checkCompany`) asks the same questions of the same catalogue.
 */
describe('the demo biller templates', () => {
  const templates = Object.entries(BILLER_TEMPLATES);

  it.each(templates.filter(([, t]) => t.companyName !== null))(
    '%s: its company is in its category and accepts its payment method',
    (_, template) => {
      const company = CATALOGUE_COMPANIES.find((c) => c.name === template.companyName);
      expect(company, template.companyName!).toBeDefined();
      expect(company!.category).toBe(template.category);
      expect(company!.paymentMethods).toContain(template.paymentMethod);
    },
  );

  it.each(templates.filter(([, t]) => t.paymentMethod === PaymentMethod.Bpay))(
    '%s: a BPAY biller has a BPAY biller code to be paid with',
    (_, template) => {
      const company = CATALOGUE_COMPANIES.find((c) => c.name === template.companyName);
      expect(normaliseBillerCode(company?.bpay?.billerCode)).toBeDefined();
    },
  );
});
