import type { EntityManager } from '@mikro-orm/postgresql';
import type { SettingsService } from '../settings/index.js';
import type { InstitutionFacts } from '../../shared/notification/notification-templates.rules.js';
import { DEFAULT_NOTIFICATION_SETTINGS, notificationSettingsOf, type NotificationSettings } from './notices.rules.js';

/** The reminders' settings (`setting` key `notifications`) over their defaults. */
export async function notificationSettings(em: EntityManager): Promise<NotificationSettings> {
  const [stored] = await em.execute<{ value: Record<string, unknown> }[]>(
    "select value from setting where key = 'notifications'",
  );
  return stored ? notificationSettingsOf(stored.value) : DEFAULT_NOTIFICATION_SETTINGS;
}

/** Who the messages come from and how members reach the bank: the institution's names and support (settings). */
export async function institutionFacts(settings: SettingsService, em: EntityManager): Promise<InstitutionFacts> {
  const server = await settings.serverSettings(em);
  const client = await settings.clientSettings(em);
  return {
    institutionName: server.institutionName,
    institutionShortName: client.institutionShortName || server.institutionName,
    supportPhone: client.supportPhone,
    supportEmail: client.supportEmail,
  };
}
