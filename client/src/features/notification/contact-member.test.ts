import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES } from '@shared/notification/notification-templates.rules';
import { canContactMember, NOTIFICATION_FAILED, placeholderHint } from './contact-member';

describe('canContactMember', () => {
  it.each([
    ['PendingApproval', false],
    ['Approved', true],
    ['Queued', false],
    ['MissedDeposit', true],
    ['Active', true],
    ['Locked', true],
    ['ModificationPendingApproval', false],
    [null, false],
  ] as const)('status %s → %s', (status, allowed) => {
    expect(canContactMember(status)).toBe(allowed);
  });

  it('is the server’s rule and message', () => {
    expect(NOTIFICATION_FAILED).toBe(NOTIFICATION_MESSAGES.failed);
  });
});

describe('placeholderHint', () => {
  it('lists the template’s own placeholders in braces', () => {
    expect(placeholderHint(['firstName', 'amount'])).toBe('Placeholders this template may use: {firstName}, {amount}.');
  });
});
