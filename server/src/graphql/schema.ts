import 'reflect-metadata';
import { isObjectType, lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema, getMetadataStorage, type NonEmptyArray } from 'type-graphql';
import { authChecker } from '../common/auth/auth-checker.js';
import { AccountResolver } from '../modules/account/index.js';
import { ActivityAddedResolver, ActivityResolver } from '../modules/activity-history/index.js';
import {
  AgreementDepositsResolver,
  AgreementLifecycleResolver,
  AgreementResolver,
  AgreementSettlementResolver,
  AgreementWizardResolver,
  CompletionResolver,
  DepositReviewResolver,
  FiguresResolver,
  MemberApprovalResolver,
  QueuedChangeResolver,
  ShortfallFixResolver,
  TermEndResolver,
  TermEndSummaryResolver,
} from '../modules/agreement/index.js';
import { AuthResolver } from '../modules/auth/index.js';
import { BillingCategoryResolver, SubCategoryResolver } from '../modules/billing-category/index.js';
import { CompanyResolver } from '../modules/company/index.js';
import { BankDayRunResolver, BankJobRunResolver } from '../modules/core-banking/index.js';
import { NoteResolver } from '../modules/note/index.js';
import { BillerResolver } from '../modules/biller/index.js';
import { NotificationResolver, OutboxResolver } from '../modules/notification/index.js';
import { WorklistResolver } from '../modules/worklist/index.js';
import { HardshipResolver } from '../modules/hardship/index.js';
import { MemberResolver, MemberSearchResolver } from '../modules/member/index.js';
import { AgreementApprovalResolver, ApprovalResolver } from '../modules/approval/index.js';
import { PreferencesResolver } from '../modules/preferences/index.js';
import { OverviewResolver } from '../modules/overview/index.js';
import { AtRiskResolver } from '../modules/risk/index.js';
import { MissedDepositReportResolver } from '../modules/report/index.js';
import { ReportingResolver } from '../modules/reporting/index.js';
import { PaymentResolver } from '../modules/payment/index.js';
import { PlannerResolver } from '../modules/planner/index.js';
import { ProfileResolver } from '../modules/profile/index.js';
import { SettingsResolver } from '../modules/settings/index.js';
import { TransactionResolver } from '../modules/transaction/index.js';
import { guardArguments } from './argument-guard.js';
import { memoryEventBus, type EventBus } from './event-bus.js';
import { omittedArgumentsAsNull } from './omitted-arguments.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [
  SettingsResolver,
  AuthResolver,
  MemberResolver,
  AccountResolver,
  PlannerResolver,
  MemberSearchResolver,
  QueuedChangeResolver,
  FiguresResolver,
  ActivityAddedResolver,
  OverviewResolver,
  AtRiskResolver,
  MissedDepositReportResolver,
  ReportingResolver,
  ActivityResolver,
  AgreementResolver,
  MemberApprovalResolver,
  TransactionResolver,
  ProfileResolver,
  PaymentResolver,
  ApprovalResolver,
  BillingCategoryResolver,
  CompanyResolver,
  BankJobRunResolver,
  BankDayRunResolver,
  NoteResolver,
  AgreementWizardResolver,
  CompletionResolver,
  AgreementDepositsResolver,
  AgreementLifecycleResolver,
  AgreementSettlementResolver,
  AgreementApprovalResolver,
  PreferencesResolver,
  BillerResolver,
  SubCategoryResolver,
  OutboxResolver,
  DepositReviewResolver,
  WorklistResolver,
  HardshipResolver,
  ShortfallFixResolver,
  TermEndResolver,
  TermEndSummaryResolver,
  NotificationResolver,
];

/** Root operations and their access rules, read from the decorators (the permission snapshot uses this). */
export function operationAccess(): { operation: string; access: string[] }[] {
  const storage = getMetadataStorage();
  const rules = new Map(
    storage.authorizedFields.map((entry) => [`${entry.target.name}.${entry.fieldName}`, entry.roles]),
  );
  const operations = [
    ...storage.queries.map((q) => ({ kind: 'Query', q })),
    ...storage.mutations.map((q) => ({ kind: 'Mutation', q })),
    ...storage.subscriptions.map((q) => ({ kind: 'Subscription', q })),
  ];
  return operations
    .filter(({ q }) => resolvers.includes(q.target))
    .map(({ kind, q }) => ({
      operation: `${kind}.${q.schemaName}`,
      access: rules.get(`${q.target.name}.${q.methodName}`) ?? [],
    }))
    .sort((a, b) => a.operation.localeCompare(b.operation));
}

/** Deny by default: refuse to build a schema with an operation that carries no `@Authorized`. */
export function assertEveryOperationGuarded(): void {
  const unguarded = operationAccess().filter((entry) => entry.access.length === 0);
  if (unguarded.length > 0) {
    throw new Error(`Operations without @Authorized: ${unguarded.map((entry) => entry.operation).join(', ')}`);
  }
}

/**
 * The schema from the resolvers. `introspectionCheck: false` (the server's start) skips TypeGraphQL's check, an
 * introspection query run over the whole schema (about a third of the schema's 0.5 s in a restart, issue 23 item
 * 6): Apollo still validates the schema when it starts, and the schema test and `npm run schema` build the same
 * schema with the check.
 */
export async function buildAppSchema(
  events: EventBus = memoryEventBus(),
  { introspectionCheck = true }: { introspectionCheck?: boolean } = {},
): Promise<GraphQLSchema> {
  assertEveryOperationGuarded();
  const schema = await buildSchema({
    resolvers,
    authChecker,
    authMode: 'error',
    validate: false,
    skipCheck: !introspectionCheck,
    pubSub: {
      publish: (topic, payload) => events.publish(topic, payload),
      subscribe: (topic) => events.subscribe(topic),
    },
  });
  // The edge rule first: a refused argument reaches nothing else.
  return guardArguments(omittedArgumentsAsNull(plainFieldsReadDirectly(schema)));
}

/**
 * A plain property of an object type is read by graphql-js's own resolver. TypeGraphQL wraps every field of a
 * type without `simpleResolvers` in a resolver that runs the field's middleware chain; with no global middleware
 * (buildAppSchema passes none), no middleware and no `@Authorized` on the field, that chain is empty and the
 * wrapper only reads `source[name]`, at the cost of an object and a promise-aware call per field (an overview
 * answers a few hundred fields: issue 13 item 8). A field with `@Authorized`, a middleware or a field resolver,
 * a property named otherwise than its field, or one inherited from another class keeps TypeGraphQL's resolver.
 */
export function plainFieldsReadDirectly(schema: GraphQLSchema): GraphQLSchema {
  const storage = getMetadataStorage();
  const resolved = storage.fieldResolvers.map((entry) => ({ name: entry.methodName, type: entry.getObjectType?.() }));
  for (const objectType of storage.objectTypes) {
    const type = schema.getType(objectType.name);
    if (!isObjectType(type) || type.getInterfaces().length > 0) continue;
    const fields = type.getFields();
    for (const field of objectType.fields ?? []) {
      const plain =
        field.target === objectType.target &&
        field.roles === undefined &&
        (field.middlewares?.length ?? 0) === 0 &&
        field.name === field.schemaName &&
        !resolved.some((entry) => entry.name === field.name && entry.type === field.target);
      const built = fields[field.schemaName];
      if (plain && built) built.resolve = undefined;
    }
  }
  return schema;
}

/** The committed `schema.graphql`: sorted, so that it is stable across builds. */
export function printAppSchema(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
