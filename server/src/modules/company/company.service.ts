import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError, NotFoundError } from '../../shared/errors.js';
import { companySearchText } from '../../shared/validation/index.js';
import { AgreementStatus } from '../../shared/agreement-status.js';
import type { BillingCategoryService } from '../billing-category/index.js';
import { BillerStatus } from '../../shared/biller/biller-codes.js';
import {
  companyPaymentMethods,
  rankPopularCompanies,
  searchCompanies,
  UNKNOWN_COMPANY_NAME,
  UNKNOWN_COMPANY_PAYMENT_METHODS,
} from './company-catalogue.rules.js';
import type { CompanySearchView, CompanyView, UnknownCompanyOptionView } from './company.types.js';

export const COMPANY_NOT_FOUND = 'Could not find the company.';

interface CompanyRow {
  id: number;
  name: string;
  billing_category_id: number;
  category: string;
  payment_methods: string;
  bpay_biller_code: string | null;
  bpay_biller_name: string | null;
  popularity: number;
  biller_count: string | number;
}

/** Agreements that no longer run: their billers do not make a company popular. */
const CLOSED_AGREEMENTS = [AgreementStatus.Expired, AgreementStatus.Cancelled, AgreementStatus.Renewed];

/**
 * A company row with how many accounts pay it: accounts (not billers, which every agreement version copies)
 * whose agreement still runs or is being set up and has a biller, not removed, for the company.
 */
const COMPANY_SELECT = `select c.id, c.name, c.billing_category_id, k.name as category, c.payment_methods,
    c.bpay_biller_code, coalesce(c.bpay_biller_name, c.name) as bpay_biller_name, c.popularity,
    (select count(distinct g.account_id) from biller b join agreement g on g.id = b.agreement_id
      where b.company_id = c.id and b.status <> ${BillerStatus.Removed}
        and g.status not in (${CLOSED_AGREEMENTS.join(', ')})) as biller_count
  from company c join billing_category k on k.id = c.billing_category_id`;

function viewOf(row: CompanyRow): CompanyView & { billerCount: number; popularity: number } {
  const bPayNumber = row.bpay_biller_code;
  return {
    id: Number(row.id),
    name: row.name,
    billingCategoryId: Number(row.billing_category_id),
    category: row.category,
    paymentTypes: companyPaymentMethods(row.payment_methods, bPayNumber),
    bPayNumber,
    bpayBillerName: bPayNumber === null ? null : row.bpay_biller_name,
    billerCount: Number(row.biller_count),
    popularity: Number(row.popularity),
  };
}

/** Only the declared fields leave the service (the counts are every member's and stay inside). */
function publicView({ id, name, billingCategoryId, category, paymentTypes, bPayNumber, bpayBillerName }: CompanyView) {
  return { id, name, billingCategoryId, category, paymentTypes, bPayNumber, bpayBillerName } satisfies CompanyView;
}

/** The company pickers of the wizard (spec 2 §2): one company, popular ones per category, the typeahead. */
export class CompanyService {
  constructor(private readonly categories: BillingCategoryService) {}

  /** An active company of an active category; NOT_FOUND otherwise. */
  async company(em: EntityManager, id: number): Promise<CompanyView> {
    const [row] = await em.execute<CompanyRow[]>(`${COMPANY_SELECT} where c.id = ? and c.is_active and k.is_active`, [
      id,
    ]);
    if (!row) throw new NotFoundError(COMPANY_NOT_FOUND);
    return publicView(viewOf(row));
  }

  /** The popular companies of a category (`rankPopularCompanies`); NOT_FOUND for an unknown category. */
  async popularByCategory(em: EntityManager, categoryId: number): Promise<CompanyView[]> {
    return rankPopularCompanies(await this.ofCategory(em, categoryId)).map(publicView);
  }

  /**
   * The typeahead (spec 2 §5): from 3 characters, companies of the category whose name contains the text;
   * shorter answers an empty list (not complete: a longer text must still ask). Unusable text is refused.
   */
  async search(em: EntityManager, categoryId: number, search: string | null | undefined): Promise<CompanySearchView> {
    const text = companySearchText(search);
    if (text.kind === 'invalid') throw new DomainError(text.code, text.message, text.field);
    const companies = await this.ofCategory(em, categoryId);
    if (text.kind === 'tooShort') return { companies: [], isComplete: false, search: '' };
    const found = searchCompanies(companies, text.text);
    return { companies: found.companies.map(publicView), isComplete: found.isComplete, search: text.text };
  }

  /** The unknown-company option of a category (spec 2 §2). */
  async unknownCompany(em: EntityManager, categoryId: number): Promise<UnknownCompanyOptionView> {
    const category = await this.categories.get(em, categoryId);
    return {
      name: UNKNOWN_COMPANY_NAME,
      billingCategoryId: category.id,
      category: category.name,
      paymentTypes: [...UNKNOWN_COMPANY_PAYMENT_METHODS],
    };
  }

  private async ofCategory(em: EntityManager, categoryId: number) {
    await this.categories.get(em, categoryId);
    const rows = await em.execute<CompanyRow[]>(`${COMPANY_SELECT} where c.billing_category_id = ? and c.is_active`, [
      categoryId,
    ]);
    return rows.map(viewOf);
  }
}
