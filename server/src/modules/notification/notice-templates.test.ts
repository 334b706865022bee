import { describe, expect, it } from 'vitest';
import { SIGN_OFF, TEMPLATES as NOTICES } from '../../../../migrations/Migration20261127130000_member_notices.js';
import { TEMPLATES as WORKLIST } from '../../../../migrations/Migration20261127150000_staff_worklist.js';

const TEMPLATES = [...NOTICES, ...WORKLIST];
import { EVENT_KIND_ORDER, EVENT_KINDS, eventKindOfTemplate } from '../../shared/notification/events.rules.js';
import {
  checkSmsLength,
  checkTemplateText,
  placeholdersOf,
  renderTemplate,
  SAMPLE_VALUES,
  SMS_MAX_LENGTH,
  type TemplateValues,
  unfilledPlaceholders,
} from '../../shared/notification/notification-templates.rules.js';

/** The templates as stored: greeting, body, sign-off (the migration writes them so). */
const stored = TEMPLATES.map((t) => ({ ...t, email: `Dear {firstName},\n\n${t.body}\n\n${SIGN_OFF}` }));

/** Only what the template's kind may use: a placeholder it cannot fill stays unfilled, and fails below. */
function valuesFor(name: string): TemplateValues {
  const allowed = new Set<string>(placeholdersOf(eventKindOfTemplate(name)));
  return Object.fromEntries(Object.entries(SAMPLE_VALUES).filter(([key]) => allowed.has(key)));
}

describe('the templates in the bank’s voice (issue 22 item 2)', () => {
  it('has a template for every event members are told of', () => {
    const names = new Set(TEMPLATES.map((t) => t.name));
    for (const kind of EVENT_KIND_ORDER) expect(names, kind).toContain(EVENT_KINDS[kind].template);
  });

  it.each(stored.map((t) => [t.name, t] as const))('%s: every placeholder is one its event can fill', (name, t) => {
    const allowed = placeholdersOf(eventKindOfTemplate(name));
    expect(() => checkTemplateText(t.subject, 'emailSubject', allowed)).not.toThrow();
    expect(() => checkTemplateText(t.email, 'emailTemplate', allowed)).not.toThrow();
    expect(() => checkTemplateText(t.sms, 'smsTemplate', allowed)).not.toThrow();
    expect(unfilledPlaceholders([t.subject, t.email, t.sms], valuesFor(name))).toEqual([]);
  });

  it.each(stored.map((t) => [t.name, t] as const))('%s: greets, says what to do, signs off', (name, t) => {
    const email = renderTemplate(t.email, valuesFor(name));
    expect(email).toMatch(/^Dear Alexandra,\n\n/);
    expect(email).toContain('What to do:');
    expect(email).toContain('Kind regards,\nHarbourside Mutual Bank');
    expect(email).toContain('Call us on 1300 555 010 or e-mail billsmoothing.support@example.com');
    expect(email).not.toMatch(/[{}]/);
  });

  it.each(stored.map((t) => [t.name, t] as const))('%s: the SMS fits one message', (_name, t) => {
    expect(() => checkSmsLength(t.sms)).not.toThrow();
    expect(renderTemplate(t.sms, SAMPLE_VALUES).length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
  });
});
