import {
  GraphQLError,
  defaultFieldResolver,
  GraphQLID,
  GraphQLString,
  getNullableType,
  isInputObjectType,
  isListType,
  isObjectType,
  type GraphQLArgument,
  type GraphQLFieldResolver,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { listProblem, textProblem, type InputProblem } from '../shared/input-guard.js';

/**
 * The edge rule (shared/input-guard.ts) over every argument of every root operation, after graphql-js has
 * coerced them: each String/ID value, however deep in input objects and lists, and each list's length are checked
 * before any resolver runs (a list in the variables was measured before coercion: operation-guard.ts). Int
 * already is int4 in GraphQL; Money and LocalDate have their own scalars.
 */
function problemIn(value: unknown, type: GraphQLInputType, path: string): InputProblem | null {
  if (value === null || value === undefined) return null;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return problemIn(value, nullable.ofType, path);
    const tooLong = listProblem(value.length, path);
    if (tooLong) return tooLong;
    for (const [index, item] of value.entries()) {
      const problem = problemIn(item, nullable.ofType, `${path}.${index}`);
      if (problem) return problem;
    }
    return null;
  }
  if (isInputObjectType(nullable)) {
    if (typeof value !== 'object') return null;
    for (const field of Object.values(nullable.getFields())) {
      const problem = problemIn((value as Record<string, unknown>)[field.name], field.type, `${path}.${field.name}`);
      if (problem) return problem;
    }
    return null;
  }
  if ((nullable === GraphQLString || nullable === GraphQLID) && typeof value === 'string') {
    return textProblem(value, path);
  }
  return null;
}

/** The first argument value of a field that breaks the edge rule, or null. */
export function argumentProblem(
  definitions: readonly GraphQLArgument[],
  args: Record<string, unknown>,
): InputProblem | null {
  for (const argument of definitions) {
    const problem = problemIn(args[argument.name], argument.type, argument.name);
    if (problem) return problem;
  }
  return null;
}

export function badUserInput(problem: InputProblem): GraphQLError {
  return new GraphQLError(problem.message, { extensions: { code: 'BAD_USER_INPUT', field: problem.field } });
}

/** Wraps the resolvers (and subscribe functions) of Query, Mutation and Subscription with the rule. */
export function guardArguments(schema: GraphQLSchema): GraphQLSchema {
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    if (!root || !isObjectType(root)) continue;
    for (const field of Object.values(root.getFields())) {
      if (field.args.length === 0) continue;
      const guard =
        (inner: GraphQLFieldResolver<unknown, unknown> | undefined): GraphQLFieldResolver<unknown, unknown> =>
        (source, args, context, info) => {
          const problem = argumentProblem(field.args, args);
          if (problem) throw badUserInput(problem);
          return (inner ?? defaultFieldResolver)(source, args, context, info);
        };
      field.resolve = guard(field.resolve);
      if (field.subscribe) field.subscribe = guard(field.subscribe);
    }
  }
  return schema;
}
