import { describe, expect, it } from 'vitest';
import {
  NOTIFIABLE_STATUSES as SERVER_STATUSES,
  NOTIFICATION_MESSAGES,
  TEMPLATE_PLACEHOLDERS as SERVER_PLACEHOLDERS,
} from '../../../../server/src/modules/notification/notification-templates.rules';
import { canContactMember, NOTIFIABLE_STATUSES, NOTIFICATION_FAILED, TEMPLATE_PLACEHOLDERS } from './contact-member';

describe('canContactMember', () => {
  it.each([
    [0, false],
    [1, true],
    [2, false],
    [4, true],
    [7, true],
    [8, true],
    [9, false],
    [null, false],
  ])('status %s → %s', (status, allowed) => {
    expect(canContactMember(status)).toBe(allowed);
  });

  it('is the server’s rule and message', () => {
    expect([...NOTIFIABLE_STATUSES]).toEqual([...SERVER_STATUSES]);
    expect(NOTIFICATION_FAILED).toBe(NOTIFICATION_MESSAGES.failed);
    expect([...TEMPLATE_PLACEHOLDERS]).toEqual([...SERVER_PLACEHOLDERS]);
  });
});
