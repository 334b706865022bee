import { hostname, networkInterfaces } from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parseMoney, type Cents } from '../../shared/money.js';
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
    return serverSettingsOf((await em.findOne(Setting, { key: 'server' }))?.value ?? {});
  }

  async clientSettings(em: EntityManager): Promise<ClientSettingsData> {
    const stored = (await em.findOne(Setting, { key: 'client' }))?.value ?? {};
    const settings = { ...DEFAULT_CLIENT_SETTINGS, ...(stored as Partial<ClientSettingsData>) };
    const dashboard = settings.staffDashboard;
    return {
      ...settings,
      staffDashboard: { ...dashboard, releaseLabel: releaseLabelOf(dashboard.releaseLabel, serverAddress()) },
    };
  }
}

/** The dashboard's release label (spec 1 §1 'release {ip}'): the template with {ip} written out. */
export function releaseLabelOf(template: string, address: string): string {
  return template.replaceAll('{ip}', address);
}

/** This server's first outside IPv4 address (the one staff quote to support), else its host name. */
export function serverAddress(): string {
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && entry.family === 'IPv4' && !entry.internal);
  return outside?.address ?? hostname();
}

/**
 * The server settings document (the `setting` row 'server', null when there is none) laid over the defaults: a
 * page that reads the row in its own statement (the overview) gets the same settings as `serverSettings`.
 */
export function serverSettingsOf(document: Record<string, unknown> | null | undefined): ServerSettingsData {
  const stored = document ?? {};
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
    depositReviewEveryMonths: wholeMonthsOf(stored.depositReviewEveryMonths),
  };
}

/**
 * The overdraw rule in the institution's words (server settings overdrawnRuleSingleMemberText and
 * overdrawnRuleManyMembersText): the single member's text for an account of one member, the other for more.
 */
export function overdrawRuleTextFor(
  memberCount: number,
  settings: Pick<ServerSettingsData, 'overdrawnRuleSingleMemberText' | 'overdrawnRuleManyMembersText'>,
): string {
  return memberCount > 1 ? settings.overdrawnRuleManyMembersText : settings.overdrawnRuleSingleMemberText;
}

/** The deposit review's calendar in whole months (1 to 12); anything else: the default. */
export function wholeMonthsOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 12
    ? value
    : DEFAULT_SERVER_SETTINGS.depositReviewEveryMonths;
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
