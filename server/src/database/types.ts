import { Type, type Platform, type EntityProperty } from '@mikro-orm/core';
import { parseMoney, toDecimalString, type Cents } from '../shared/money.js';
import { parseLocalDate, type LocalDate } from '../shared/local-date.js';

/** `numeric(14,2)` ⇄ integer cents: the database holds exact decimals, the code never sees a float. */
export class MoneyType extends Type<Cents | null | undefined, string | null | undefined> {
  override convertToDatabaseValue(value: Cents | null | undefined): string | null | undefined {
    return value === null || value === undefined ? value : toDecimalString(value);
  }

  override convertToJSValue(value: string | number | null | undefined): Cents | null | undefined {
    if (value === null || value === undefined) return value;
    return parseMoney(typeof value === 'number' ? value.toFixed(2) : value);
  }

  override getColumnType(prop: EntityProperty, platform: Platform): string {
    return platform.getDecimalTypeDeclarationSQL({ precision: prop.precision ?? 14, scale: 2 });
  }

  override compareAsType(): string {
    return 'number';
  }
}

/** PostgreSQL `date` ⇄ `YYYY-MM-DD` strings, never a JavaScript Date (no time zone can shift it). */
export class LocalDateType extends Type<LocalDate | null | undefined, string | null | undefined> {
  override convertToDatabaseValue(value: LocalDate | null | undefined): string | null | undefined {
    return value;
  }

  override convertToJSValue(value: string | Date | null | undefined): LocalDate | null | undefined {
    if (value === null || value === undefined) return value;
    if (value instanceof Date) {
      const pad = (n: number) => String(n).padStart(2, '0');
      return parseLocalDate(`${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`);
    }
    return parseLocalDate(value.slice(0, 10));
  }

  override getColumnType(): string {
    return 'date';
  }

  override compareAsType(): string {
    return 'string';
  }
}
