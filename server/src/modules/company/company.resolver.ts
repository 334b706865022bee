import { Arg, Authorized, Ctx, Int, Query, Resolver } from 'type-graphql';
import { WIZARD_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { CompanySearchView, CompanyView, UnknownCompanyOptionView } from './company.types.js';

/** The company pickers of the agreement wizard (spec 2 §2): catalogue reads for staff and members. */
@Resolver()
export class CompanyResolver {
  @Authorized(...WIZARD_ROLES)
  @Query(() => CompanyView, { description: 'One company of the catalogue (GET /api/companies/{id}).' })
  company(
    @Ctx() { em, services }: GraphQLContext,
    @Arg('companyId', () => Int) companyId: number,
  ): Promise<CompanyView> {
    return services.companies.company(em, companyId);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => [CompanyView], {
    description: 'The popular companies of a category: most used by billers first, then the catalogue’s own order.',
  })
  popularCompanies(
    @Ctx() { em, services }: GraphQLContext,
    @Arg('categoryId', () => Int) categoryId: number,
  ): Promise<CompanyView[]> {
    return services.companies.popularByCategory(em, categoryId);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => CompanySearchView, {
    description: 'The company typeahead of a category: names containing the search, from 3 characters.',
  })
  searchCompanies(
    @Ctx() { em, services }: GraphQLContext,
    @Arg('categoryId', () => Int) categoryId: number,
    @Arg('search', () => String) search: string,
  ): Promise<CompanySearchView> {
    return services.companies.search(em, categoryId, search);
  }

  @Authorized(...WIZARD_ROLES)
  @Query(() => UnknownCompanyOptionView, {
    description: 'The company list’s unknown-company option: a biller of this category saved with no company.',
  })
  unknownCompany(
    @Ctx() { em, services }: GraphQLContext,
    @Arg('categoryId', () => Int) categoryId: number,
  ): Promise<UnknownCompanyOptionView> {
    return services.companies.unknownCompany(em, categoryId);
  }
}
