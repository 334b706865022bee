import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { isLocalDate, type LocalDate } from '../shared/local-date.js';
import { cents, MoneyError, parseMoney, toDecimalString, type Cents } from '../shared/money.js';

function moneyFrom(value: unknown): Cents {
  try {
    if (typeof value === 'string') return parseMoney(value);
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
  }
  throw new GraphQLError('Money must be a decimal string with at most 2 decimals, such as "1234.50".', {
    extensions: { code: 'BAD_USER_INPUT' },
  });
}

export const MoneyScalar = new GraphQLScalarType<Cents, string>({
  name: 'Money',
  description: 'A decimal amount of money with 2 places, as a string: "1234.50".',
  serialize: (value) => toDecimalString(cents(value as number)),
  parseValue: moneyFrom,
  parseLiteral: (ast) => moneyFrom(ast.kind === Kind.STRING ? ast.value : undefined),
});

function dateFrom(value: unknown): LocalDate {
  if (isLocalDate(value)) return value;
  throw new GraphQLError('A date must be a calendar date written YYYY-MM-DD.', {
    extensions: { code: 'BAD_USER_INPUT' },
  });
}

export const LocalDateScalar = new GraphQLScalarType<LocalDate, string>({
  name: 'LocalDate',
  description: 'A calendar date without time: YYYY-MM-DD.',
  serialize: (value) => dateFrom(value),
  parseValue: dateFrom,
  parseLiteral: (ast) => dateFrom(ast.kind === Kind.STRING ? ast.value : undefined),
});
