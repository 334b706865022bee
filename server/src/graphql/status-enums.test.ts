import { readFileSync } from 'node:fs';
import { buildSchema, getNamedType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLType } from 'graphql';
import { describe, expect, it } from 'vitest';

/**
 * Status fields named by the spec are GraphQL enums (issue 25 item 5): each is registered from its one code table in
 * server/src/shared, so the schema names the codes (`Active`, not 7) while the database and REST keep the spec's
 * numbers. This reads the committed schema.graphql (the staleness test keeps it equal to the server's) and fails when
 * a field or argument named …status / …Status, or a payment type, is a plain Int — unless it is listed below with why.
 */
const STATUS_NAME = /(^status|Status|^paymentTypes?)$/;

/** `Type.field` (or `Type.field(argument)`) that stay Int, and why. */
const STAYS_INT: Record<string, string> = {
  // The reporting API (issue 11 item 9) is a contract with outside reporting tools: flat rows of the spec's codes,
  // each beside its name (statusName, typeName), answering exactly as before. Its filter's status is one field for
  // four code tables (agreement, bill, deposit, notification), so it cannot be one enum.
  'ReportAgreement.status': 'reporting API: spec codes for reporting tools',
  'ReportBill.status': 'reporting API: spec codes for reporting tools',
  'ReportDeposit.status': 'reporting API: spec codes for reporting tools',
  'ReportNotification.status': 'reporting API: spec codes for reporting tools',
  'ReportLedgerTransaction.status': 'reporting API: spec codes for reporting tools',
  'ReportActivity.transactionStatus': 'reporting API: spec codes for reporting tools',
  'ReportFilter.status': 'reporting API: one filter over four code tables',
  // Not converted yet (issue 25 item 5, open): each leaves this list when its enum lands. The payment types are the biller
  // form's input and the company catalogue, whose client code works on the numeric PaymentMethod codes.
  'BillerInput.paymentType': 'not converted yet: PaymentMethod (biller form, catalogue)',
  'Company.paymentTypes': 'not converted yet: PaymentMethod (biller form, catalogue)',
  'UnknownCompanyOption.paymentTypes': 'not converted yet: PaymentMethod (biller form, catalogue)',
  'WizardBiller.paymentType': 'not converted yet: PaymentMethod (biller form, catalogue)',
  'WizardListItem.paymentType': 'not converted yet: PaymentMethod (biller form, catalogue)',
};

const schema = buildSchema(readFileSync('schema.graphql', 'utf8'));

function isInt(type: GraphQLType): boolean {
  return getNamedType(type).name === 'Int';
}

/** Every field, input field and argument whose name says it is a status (or payment type), with its type. */
function statusFields(): { place: string; int: boolean }[] {
  const found: { place: string; int: boolean }[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (STATUS_NAME.test(field.name)) found.push({ place: `${type.name}.${field.name}`, int: isInt(field.type) });
        for (const argument of 'args' in field ? field.args : []) {
          if (STATUS_NAME.test(argument.name))
            found.push({ place: `${type.name}.${field.name}(${argument.name})`, int: isInt(argument.type) });
        }
      }
    }
  }
  return found;
}

describe('status fields are enums', () => {
  it('finds the status fields it checks', () => {
    expect(statusFields().length).toBeGreaterThan(20);
  });

  it('types no status or payment type as a plain Int, except those listed with a reason', () => {
    const plainInts = statusFields()
      .filter((field) => field.int && !(field.place in STAYS_INT))
      .map((field) => field.place);
    expect(plainInts).toEqual([]);
  });

  it('lists only fields that exist and are still Int (a stale exception is removed)', () => {
    const ints = new Set(
      statusFields()
        .filter((field) => field.int)
        .map((field) => field.place),
    );
    expect(Object.keys(STAYS_INT).filter((place) => !ints.has(place))).toEqual([]);
  });
});
