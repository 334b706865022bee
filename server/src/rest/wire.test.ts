import 'reflect-metadata';
import { GraphQLScalarType } from 'graphql';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.js';
import { cents } from '../shared/money.js';
import { LocalDateScalar, MoneyScalar } from '../graphql/scalars.js';
import { restRoutes } from './routes.js';
import { RAW_JSON, toWire, wireFields, wireMoney, type WireType } from './wire.js';

enum Colour {
  Red = 1,
  Blue = 2,
}
registerEnumType(Colour, { name: 'WireTestColour' });

@ObjectType('WireTestLine')
class Line {
  @Field() account!: string;
  @Field(() => MoneyScalar) amount!: number;
}

@ObjectType('WireTestParent')
class Parent {
  @Field(() => MoneyScalar) balance!: number;
}

@ObjectType('WireTestChild')
class Child extends Parent {
  @Field(() => Int) id!: number;
  @Field(() => MoneyScalar, { nullable: true }) limit!: number | null;
  @Field(() => LocalDateScalar) due!: string;
  @Field(() => [Line]) lines!: Line[];
  @Field(() => Line, { nullable: true }) main!: Line | null;
  @Field(() => Colour) colour!: Colour;
  @Field(() => Int, { name: 'renamed' }) internal!: number;
  @Field(() => [MoneyScalar]) amounts!: number[];
  @Field() when!: string;
}

describe('toWire: money and dates by declared type', () => {
  const child = {
    id: 7,
    balance: 136700,
    limit: null,
    due: '2026-12-15',
    lines: [
      { account: 'Allocation', amount: 82000 },
      { account: 'External', amount: -5 },
    ],
    main: { account: 'Rainy day', amount: 0 },
    colour: Colour.Blue,
    internal: 3,
    amounts: [1, 10, 100, 100000],
    when: new Date('2026-01-02T03:04:05Z'),
    undeclared: 82000,
  };

  it('writes each field as its type says, parents and nested types included, and drops undeclared keys', () => {
    expect(toWire(child, Child)).toEqual({
      id: 7,
      balance: '1367.00',
      limit: null,
      due: '2026-12-15',
      lines: [
        { account: 'Allocation', amount: '820.00' },
        { account: 'External', amount: '-0.05' },
      ],
      main: { account: 'Rainy day', amount: '0.00' },
      colour: 2,
      renamed: 3,
      amounts: ['0.01', '0.10', '1.00', '1000.00'],
      when: '2026-01-02T03:04:05.000Z',
    });
  });

  it.each<[string, unknown, WireType, unknown]>([
    ['a list of objects', [{ balance: 1 }, { balance: 250 }], [Parent], [{ balance: '0.01' }, { balance: '2.50' }]],
    ['a list under a plain type', [{ balance: 1 }], Parent, [{ balance: '0.01' }]],
    ['a money scalar', 82000, MoneyScalar, '820.00'],
    ['a negative amount', -123456, MoneyScalar, '-1234.56'],
    ['an Int', 42, Int, 42],
    ['null', null, Parent, null],
    ['undefined', undefined, [Parent], null],
    ['an omitted field', { id: 1 }, Child, { id: 1 }],
    ['raw JSON', { access_token: 'x', expires_in: 900 }, RAW_JSON, { access_token: 'x', expires_in: 900 }],
  ])('writes %s', (_name, value, type, expected) => {
    expect(toWire(value, type)).toEqual(expected);
  });

  it('refuses what its type cannot hold, as GraphQL does', () => {
    expect(() => toWire({ balance: 12.5 }, Parent)).toThrow(/cents/);
    expect(() => toWire({ due: '15-12-2026' }, Child)).toThrow(/YYYY-MM-DD/);
  });

  it('refuses a class that is not an object type', () => {
    class Plain {
      value = 1;
    }
    expect(() => toWire({ value: 1 }, Plain)).toThrow(/not a TypeGraphQL object type/);
  });

  it('knows every answer type the REST routes declare', () => {
    const seen = new Set<unknown>();
    const visit = (type: unknown): void => {
      if (seen.has(type)) return;
      seen.add(type);
      if (Array.isArray(type)) return visit(type[0]);
      if (type === RAW_JSON || type instanceof GraphQLScalarType || typeof type !== 'function') return;
      if (type === String || type === Number || type === Boolean || type === Date) return;
      for (const field of wireFields(type)) visit(field.type());
    };
    const declared = restRoutes.filter((route) => route.answers !== undefined);
    expect(declared.length).toBeGreaterThan(40);
    for (const route of declared) expect(() => visit(route.answers), `${route.method} ${route.path}`).not.toThrow();
  });
});

function refusal(run: () => unknown): { code: string; field: string | undefined; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('wireMoney: amounts in legacy REST bodies are dollars', () => {
  it.each<[unknown, number | null]>([
    [12.34, 1234],
    ['12.34', 1234],
    [12.5, 1250],
    ['12.5', 1250],
    [820, 82000],
    ['820', 82000],
    [' 820.00 ', 82000],
    [0.1, 10],
    [1.15, 115],
    [0, 0],
    [-5.25, -525],
    [null, null],
    [undefined, null],
    ['', null],
  ])('reads %j', (value, expected) => {
    expect(wireMoney(value, 'amount')).toBe(expected === null ? null : cents(expected));
  });

  it.each([
    [12.345],
    ['12.345'],
    [0.001],
    [0.1 + 0.2],
    ['12,34'],
    ['$12'],
    ['abc'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [1e20],
    [1e21],
    [true],
    [{ amount: 1 }],
  ])('refuses %j clearly', (value) => {
    expect(refusal(() => wireMoney(value, 'billAmount'))).toEqual({
      code: 'INVALID_AMOUNT',
      field: 'billAmount',
      message: 'billAmount must be an amount in dollars with at most 2 decimals, such as 12.34.',
    });
  });
});
