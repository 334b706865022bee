import {
  isInputObjectType,
  isListType,
  isNonNullType,
  type GraphQLArgument,
  type GraphQLFieldResolver,
  type GraphQLInputField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';

type Values = Record<string, unknown>;

function fillValue(type: GraphQLInputType, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return Array.isArray(value) ? value.map((item) => fillValue(inner.ofType, item)) : value;
  if (isInputObjectType(inner) && typeof value === 'object') {
    return fillFields(Object.values(inner.getFields()), value as Values);
  }
  return value;
}

/**
 * GraphQL hands an omitted argument (or input field) without a default to the resolver as `undefined`, while the
 * code declares it `T | null` and tests `!== null`: `sourceBillsDueForPayment(billingSubCategoryId: 5)` took the
 * missing `billerId` for a biller. Here an omitted nullable argument is null, as if the caller had written it,
 * at every depth of input objects; defaults still apply (GraphQL fills them first).
 */
export function fillFields(definitions: readonly (GraphQLArgument | GraphQLInputField)[], values: Values): Values {
  const filled: Values = { ...values };
  for (const definition of definitions) {
    const value = filled[definition.name];
    if (value === undefined) {
      if (!isNonNullType(definition.type)) filled[definition.name] = null;
    } else {
      filled[definition.name] = fillValue(definition.type, value);
    }
  }
  return filled;
}

/** Every root field (queries, mutations, subscriptions) gets its omitted nullable arguments as null. */
export function omittedArgumentsAsNull(schema: GraphQLSchema): GraphQLSchema {
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (field.args.length === 0) continue;
      const wrap = (inner: GraphQLFieldResolver<unknown, unknown> | undefined) =>
        inner &&
        ((
          source: unknown,
          args: Values,
          context: unknown,
          info: Parameters<GraphQLFieldResolver<unknown, unknown>>[3],
        ) => inner(source, fillFields(field.args, args), context, info));
      field.resolve = wrap(field.resolve);
      field.subscribe = wrap(field.subscribe);
    }
  }
  return schema;
}
