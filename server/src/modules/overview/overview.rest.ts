import { DomainError } from '../../shared/errors.js';
import { idParam, route } from '../../rest/route.js';
import { AgreementSummary, checkAccountId, OVERVIEW_MESSAGES, OverviewBiller } from '../agreement/index.js';
import { LinkedAccountView } from '../linked-account/index.js';
import { AccountBalance, AccountSummary } from './account-summary.types.js';
import { AccountOverview } from './overview.types.js';

/** The account id of the overview paths: missing and invalid ids have the spec's own messages (1 §8). */
function overviewAccountId(value: unknown): number {
  if (value === undefined || value === '' || value === 'undefined' || value === 'null') {
    throw new DomainError('MISSING_ACCOUNT_ID', OVERVIEW_MESSAGES.missingAccountId, 'accountId');
  }
  const id = typeof value === 'string' && /^-?\d{1,9}$/.test(value) ? Number(value) : NaN;
  return checkAccountId(id);
}

/** Spec 1 §7 overview and agreement summary paths: the same services as `accountOverview`. */
export const overviewRoutes = [
  route('get', '/api/memberaccount/:memberId/account/:accountId/overview', 'signed-in', AccountOverview, (ctx) =>
    ctx.services.overview.accountOverview(
      ctx.em,
      ctx.user,
      idParam(ctx.req.params.memberId, 'memberId'),
      overviewAccountId(ctx.req.params.accountId),
    ),
  ),

  route(
    'get',
    '/api/member/:memberId/accounts/:accountId/currentcontractoverview',
    'signed-in',
    AccountOverview,
    async (ctx) => {
      const overview = await ctx.services.overview.accountOverview(
        ctx.em,
        ctx.user,
        idParam(ctx.req.params.memberId, 'memberId'),
        overviewAccountId(ctx.req.params.accountId),
      );
      const { agreement, allocationByCategory, autoBillers, manualBillers, upcomingBills } = overview;
      return { agreement, allocationByCategory, autoBillers, manualBillers, upcomingBills };
    },
  ),

  route('get', '/api/member/:memberId/account/:accountId/agreementsummary', 'signed-in', AgreementSummary, (ctx) =>
    ctx.services.accountSummaries.agreementSummary(
      ctx.em,
      ctx.user,
      idParam(ctx.req.params.memberId, 'memberId'),
      overviewAccountId(ctx.req.params.accountId),
    ),
  ),

  route(
    'get',
    '/api/member/:memberId/account/:accountId/agreementsummarybyid/:contractId',
    'signed-in',
    AgreementSummary,
    (ctx) =>
      ctx.services.accountSummaries.agreementSummary(
        ctx.em,
        ctx.user,
        idParam(ctx.req.params.memberId, 'memberId'),
        overviewAccountId(ctx.req.params.accountId),
        idParam(ctx.req.params.contractId, 'contractId'),
      ),
  ),

  route('get', '/api/agreementsummary/autobillerlist/:contractId/:accountId', 'signed-in', [OverviewBiller], (ctx) =>
    ctx.services.accountSummaries.billerList(
      ctx.em,
      ctx.user,
      idParam(ctx.req.params.contractId, 'contractId'),
      idParam(ctx.req.params.accountId, 'accountId'),
      'auto',
    ),
  ),

  route('get', '/api/agreementsummary/manualbillerlist/:contractId/:accountId', 'signed-in', [OverviewBiller], (ctx) =>
    ctx.services.accountSummaries.billerList(
      ctx.em,
      ctx.user,
      idParam(ctx.req.params.contractId, 'contractId'),
      idParam(ctx.req.params.accountId, 'accountId'),
      'manual',
    ),
  ),

  route('get', '/api/accountsummary/:accountId', 'signed-in', AccountSummary, ({ em, req, user, services }) =>
    services.accountSummaries.accountSummary(em, user, idParam(req.params.accountId, 'accountId')),
  ),

  route('get', '/api/contracts/isinarrears/:memberId/:accountId', 'signed-in', ({ em, req, user, services }) =>
    services.accountSummaries.isInArrears(
      em,
      user,
      idParam(req.params.memberId, 'memberId'),
      idParam(req.params.accountId, 'accountId'),
    ),
  ),

  route('get', '/api/memberaccounts/getaccountbalance', 'signed-in', AccountBalance, ({ em, req, user, services }) =>
    services.accountSummaries.accountBalance(em, user, idParam(req.query.accountId, 'accountId')),
  ),

  route(
    'get',
    '/api/memberaccounts/iswarnzerobalance/:accountId/:contractId',
    'signed-in',
    ({ em, req, user, services }) =>
      services.accountSummaries.isWarnZeroBalance(
        em,
        user,
        idParam(req.params.accountId, 'accountId'),
        idParam(req.params.contractId, 'contractId'),
      ),
  ),

  route('get', '/api/memberaccounts/getactiveaccountnumber', 'signed-in', ({ em, req, user, services }) =>
    services.accountSummaries.activeAccountNumber(em, user, idParam(req.query.memberId, 'memberId')),
  ),

  route(
    'get',
    '/api/memberaccount/defaultsavingsaccount',
    'signed-in',
    LinkedAccountView,
    ({ em, req, user, services }) =>
      services.accountSummaries.defaultSavingsAccount(em, user, idParam(req.query.accountId, 'accountId')),
  ),

  route('get', '/api/memberaccount/getaccountnumber', 'signed-in', ({ em, req, user, services }) =>
    services.accountSummaries.accountNumber(em, user, idParam(req.query.accountId, 'accountId')),
  ),
];
