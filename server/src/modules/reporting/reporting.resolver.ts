import { Args, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import { STAFF_AND_REPORTER_ROLES } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import {
  ReportActivityConnection,
  ReportAgreementConnection,
  ReportBillConnection,
  ReportDepositConnection,
  ReportLedgerTransactionConnection,
  ReportNotificationConnection,
  ReportPageArgs,
} from './reporting.types.js';

/** The reporting API (issue 11 item 9): read-only keyset connections for staff and the REPORTER role. */
@Resolver()
export class ReportingResolver {
  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => ReportAgreementConnection, { description: 'Agreement versions, ascending id. Staff and reporters.' })
  reportAgreements(@Ctx() { em, user, services }: GraphQLContext, @Args() args: ReportPageArgs) {
    return services.reporting.agreements(em, user, args);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => ReportBillConnection, { description: 'Bills, ascending id. Staff and reporters.' })
  reportBills(@Ctx() { em, user, services }: GraphQLContext, @Args() args: ReportPageArgs) {
    return services.reporting.bills(em, user, args);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => ReportDepositConnection, { description: 'Scheduled deposits, ascending id. Staff and reporters.' })
  reportDeposits(@Ctx() { em, user, services }: GraphQLContext, @Args() args: ReportPageArgs) {
    return services.reporting.deposits(em, user, args);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => ReportLedgerTransactionConnection, {
    description: 'Ledger transactions with their lines summed, ascending id. Staff and reporters.',
  })
  reportLedgerTransactions(@Ctx() { em, user, services }: GraphQLContext, @Args() args: ReportPageArgs) {
    return services.reporting.ledgerTransactions(em, user, args);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => ReportActivityConnection, { description: 'Activities, ascending id. Staff and reporters.' })
  reportActivities(@Ctx() { em, user, services }: GraphQLContext, @Args() args: ReportPageArgs) {
    return services.reporting.activities(em, user, args);
  }

  @Authorized(...STAFF_AND_REPORTER_ROLES)
  @Query(() => ReportNotificationConnection, {
    description: 'Outbox messages and their delivery status, ascending id. Staff and reporters.',
  })
  reportNotifications(@Ctx() { em, user, services }: GraphQLContext, @Args() args: ReportPageArgs) {
    return services.reporting.notifications(em, user, args);
  }
}
