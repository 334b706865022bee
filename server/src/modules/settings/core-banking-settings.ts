import type { EntityManager } from '@mikro-orm/postgresql';
import { addDays, type LocalDate } from '../../shared/local-date.js';

/** The bank's settings of the automatic side (`setting` key `coreBanking`), with their defaults. */
export interface CoreBankingSettings {
  /** Failed payments within `failureWindowDays` that lock the agreement (8, activity 26); 0: never. */
  lockAfterFailedPayments: number;
  failureWindowDays: number;
  /**
   * An agreement is due for renewal this many days before its end date (the spec names the event, "agreement due for
   * renewal", not the window: ours, a setting); 0: never told.
   */
  renewalNoticeDays: number;
}

export const DEFAULT_CORE_BANKING_SETTINGS: CoreBankingSettings = {
  lockAfterFailedPayments: 3,
  failureWindowDays: 90,
  renewalNoticeDays: 30,
};

/** The stored value of core banking's settings (null without a row): a statement's column may read it so. */
export const CORE_BANKING_SETTINGS_SELECT = "select value from setting where key = 'coreBanking'";

/** The bank's settings of the automatic side (`setting` key `coreBanking`) with their defaults. */
export async function coreBankingSettings(em: EntityManager): Promise<CoreBankingSettings> {
  const [stored] = await em.execute<{ value: Partial<CoreBankingSettings> }[]>(CORE_BANKING_SETTINGS_SELECT);
  return coreBankingSettingsOf(stored?.value);
}

/** Core banking's settings from the stored value (null or missing: the defaults; each key missing: its default). */
export function coreBankingSettingsOf(stored: unknown): CoreBankingSettings {
  const value = stored !== null && typeof stored === 'object' ? (stored as Partial<CoreBankingSettings>) : {};
  return { ...DEFAULT_CORE_BANKING_SETTINGS, ...value };
}

/**
 * Rule "renewal due": the end dates of the agreements due for renewal today, `from`..`to` inclusive (ending today
 * up to `renewalNoticeDays` ahead); null when the setting is 0. Each agreement is told once per end date.
 */
export function renewalDueWindow(
  today: LocalDate,
  settings: Pick<CoreBankingSettings, 'renewalNoticeDays'>,
): { from: LocalDate; to: LocalDate } | null {
  const days = settings.renewalNoticeDays;
  if (!Number.isInteger(days) || days <= 0) return null;
  return { from: today, to: addDays(today, days) };
}
