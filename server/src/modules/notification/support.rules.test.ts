import { describe, expect, it } from 'vitest';
import { supportEmailText } from './support.rules.js';

describe('supportEmailText', () => {
  const member = { memberNumber: '100001', name: 'Ann Lee', email: 'ann@example.com', mobile: null };
  it('names the member and the account for the support team', () => {
    expect(
      supportEmailText({
        sender: { name: 'Ann Lee', username: '100001', staff: false },
        member,
        accountNumber: '12345678',
        message: 'My bill was not paid.',
      }),
    ).toEqual({
      subject: 'Support request: account 12345678',
      body: [
        'From: Ann Lee (member sign-in 100001)',
        'Member: Ann Lee, member number 100001',
        'Member contact: ann@example.com, no mobile',
        'Account: 12345678',
        '',
        'My bill was not paid.',
      ].join('\n'),
    });
  });

  it('says so when there is no member or account (staff from the dashboard)', () => {
    const email = supportEmailText({
      sender: { name: 'Agent', username: 'agent', staff: true },
      member: null,
      accountNumber: null,
      message: 'Help',
    });
    expect(email.subject).toBe('Support request: agent');
    expect(email.body).toContain('Member: none\nAccount: none');
  });
});
