import type { EntityManager } from '@mikro-orm/postgresql';
import { parseMoney, type Cents } from '../../common/money.js';
import { Setting } from './setting.entity.js';
import {
  DEFAULT_CLIENT_SETTINGS,
  DEFAULT_SERVER_SETTINGS,
  type ClientSettingsData,
  type ServerSettingsData,
} from './settings.defaults.js';

/** Reads the settings documents, laid over the defaults (a stored value replaces the default of its key). */
export class SettingsService {
  async serverSettings(em: EntityManager): Promise<ServerSettingsData> {
    const stored = (await em.findOne(Setting, { key: 'server' }))?.value ?? {};
    const money = (key: 'businessUpperContractLimit' | 'contractApprovedOverDrawOfAmount'): Cents =>
      typeof stored[key] === 'string' ? parseMoney(stored[key]) : DEFAULT_SERVER_SETTINGS[key];
    return {
      ...DEFAULT_SERVER_SETTINGS,
      ...pickStrings(stored, ['institutionName', 'overdrawnRuleSingleMemberText', 'overdrawnRuleManyMembersText']),
      initialOverdrawRuleDays:
        typeof stored.initialOverdrawRuleDays === 'number'
          ? stored.initialOverdrawRuleDays
          : DEFAULT_SERVER_SETTINGS.initialOverdrawRuleDays,
      businessUpperContractLimit: money('businessUpperContractLimit'),
      contractApprovedOverDrawOfAmount: money('contractApprovedOverDrawOfAmount'),
      agreementFee: agreementFeeOf(stored.agreementFee),
    };
  }

  async clientSettings(em: EntityManager): Promise<ClientSettingsData> {
    const stored = (await em.findOne(Setting, { key: 'client' }))?.value ?? {};
    return { ...DEFAULT_CLIENT_SETTINGS, ...(stored as Partial<ClientSettingsData>) };
  }
}

/** The stored agreement fee ("2.50"): a positive amount, else no fee (absent, zero or not an amount). */
export function agreementFeeOf(value: unknown): Cents | null {
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value.trim())) return null;
  const fee = parseMoney(value.trim());
  return fee > 0 ? fee : null;
}

function pickStrings<K extends string>(source: Record<string, unknown>, keys: K[]): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of keys) if (typeof source[key] === 'string') out[key] = source[key] as string;
  return out;
}
