import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.js';
import { AgreementStatus } from '../../modules/agreement/agreement-status.js';
import { NotificationChannel, NotificationPreference } from './notification-codes.js';
import {
  canSendApprovalNotification,
  canSendNotification,
  checkTemplateText,
  checkSmsLength,
  fitSms,
  manualChannels,
  messageDate,
  placeholdersOf,
  unfilledPlaceholders,
  valuesForTemplate,
  NOTIFICATION_MESSAGES,
  renderTemplate,
} from './notification-templates.rules.js';

function refusal(work: () => unknown) {
  try {
    work();
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, field: error.field, message: error.message };
  }
}

describe('canSendNotification (spec 1 §5, 3 §5: statuses 1, 4, 7 and 8 only)', () => {
  it.each(Object.values(AgreementStatus).filter((v): v is AgreementStatus => typeof v === 'number'))(
    'status %s',
    (status) => {
      expect(canSendNotification(status)).toBe([1, 4, 7, 8].includes(status));
    },
  );
});

describe('canSendApprovalNotification (the approval notification: only awaiting the member’s approval, 0 and 9)', () => {
  it.each(Object.values(AgreementStatus).filter((v): v is AgreementStatus => typeof v === 'number'))(
    'status %s',
    (status) => {
      expect(canSendApprovalNotification(status)).toBe([0, 9].includes(status));
    },
  );
});

describe('renderTemplate', () => {
  it('fills every known placeholder and leaves unknown ones as written', () => {
    expect(
      renderTemplate('Dear {firstName}, agreement {agreementNumber} with {institutionName}: {amount} by {date}. {x}', {
        firstName: 'Ann',
        agreementNumber: '12',
        institutionName: 'Harbourside',
        amount: '$10.00',
        date: '01/03/2027',
      }),
    ).toBe('Dear Ann, agreement 12 with Harbourside: $10.00 by 01/03/2027. {x}');
  });

  it('leaves a known placeholder without a value empty', () => {
    expect(renderTemplate('{billerName} bill', {})).toBe(' bill');
  });
});

describe('checkTemplateText (placeholders validated)', () => {
  it.each([
    ['emailSubject', '', 'REQUIRED', 'Please enter the e-mail subject.'],
    ['smsTemplate', 'x'.repeat(481), 'TOO_LONG', 'The SMS text can be at most 480 characters (it has 481).'],
    [
      'emailTemplate',
      'Dear {firstname}',
      'UNKNOWN_PLACEHOLDER',
      'The placeholder {firstname} cannot be used in this e-mail text. Use {firstName}, {lastName}, {memberNumber}, {accountNumber}, {agreementNumber}, {institutionName}, {institutionShortName}, {supportPhone}, {supportEmail}, {endDate}, {amount}, {date}, {billerName}, {totalOwed}, {nextDepositAmount}, {nextDepositDate}, {change}, {termEndChoice}, {balanceAtEnd}.',
    ],
    [
      'emailTemplate',
      'Dear {firstName',
      'INVALID_PLACEHOLDER',
      'The e-mail text has a brace that is not part of a placeholder such as {firstName}.',
    ],
    [
      'title',
      'a } b',
      'INVALID_PLACEHOLDER',
      'The title has a brace that is not part of a placeholder such as {firstName}.',
    ],
  ] as const)('%s %j → %s', (field, text, code, message) => {
    expect(refusal(() => checkTemplateText(text, field))).toEqual({ code, field, message });
  });

  it('refuses a placeholder the template’s event cannot fill', () => {
    expect(refusal(() => checkTemplateText('{totalOwed}', 'smsTemplate', placeholdersOf('billReminder')))).toEqual({
      code: 'UNKNOWN_PLACEHOLDER',
      field: 'smsTemplate',
      message:
        'The placeholder {totalOwed} cannot be used in this SMS text. Use {firstName}, {lastName}, {memberNumber}, {accountNumber}, {agreementNumber}, {institutionName}, {institutionShortName}, {supportPhone}, {supportEmail}, {endDate}, {billerName}, {amount}, {date}.',
    });
  });

  it('keeps a valid text, trimmed', () => {
    expect(checkTemplateText('  Dear {firstName}, {amount} is due {date}.  ', 'emailTemplate')).toBe(
      'Dear {firstName}, {amount} is due {date}.',
    );
  });
});

describe('manualChannels', () => {
  const both = { email: 'a@b.example', mobile: '0412345678' };
  it.each([
    [NotificationPreference.Email, both, [NotificationChannel.Email]],
    [NotificationPreference.Sms, both, [NotificationChannel.Sms]],
    [NotificationPreference.None, both, [NotificationChannel.Email]],
    [null, { email: null, mobile: '0412345678' }, [NotificationChannel.Sms]],
    [NotificationPreference.Email, { email: ' ', mobile: '0412345678' }, [NotificationChannel.Sms]],
    [NotificationPreference.Sms, { email: 'a@b.example', mobile: null }, [NotificationChannel.Email]],
  ])('preference %s with %j', (preference, contact, channels) => {
    expect(manualChannels(preference, contact)).toEqual(channels);
  });

  it('refuses a member with no address and no mobile', () => {
    expect(refusal(() => manualChannels(NotificationPreference.Email, { email: null, mobile: '' }))?.message).toBe(
      NOTIFICATION_MESSAGES.noContact,
    );
  });
});

describe('the messages staff see', () => {
  it('say what the spec says', () => {
    expect(NOTIFICATION_MESSAGES.queued).toBe('Notification has been successfully queued and will be sent shortly.');
    expect(NOTIFICATION_MESSAGES.failed).toBe('Could not send the notification. Please try again later.');
  });
});

describe('messageDate', () => {
  it.each([
    ['2027-03-01', '01-03-2027'],
    [null, ''],
    ['not a date', ''],
  ])('%j → %j', (date, text) => {
    expect(messageDate(date)).toBe(text);
  });
});

describe('valuesForTemplate', () => {
  const agreement = { firstName: 'Ann', amount: '$100.00', date: '01-03-2027' };
  const owing = { ...agreement, totalOwed: '$42.00' };
  const bill = { billerName: 'Water', amount: '$80.00', date: '05-03-2027' };
  it.each([
    ['a template about the agreement keeps the deposit', ['Deposit of {amount} due {date}'], bill, owing],
    [
      'a template about a bill takes the next bill',
      ['Your {billerName} bill'],
      bill,
      { ...owing, billerName: 'Water', amount: '$80.00', date: '05-03-2027' },
    ],
    ['a bill template with no bill ahead keeps the agreement', ['{billerName}'], null, owing],
  ])('%s', (_name, texts, nextBill, values) => {
    expect(valuesForTemplate('GeneralContact', texts, agreement, { nextBill, arrearsAmount: '$42.00' })).toEqual(
      values,
    );
  });

  it('fills the arrears reminder with the amount in arrears, not the next deposit', () => {
    const texts = ['Agreement {agreementNumber} is in arrears by {amount}.'];
    expect(valuesForTemplate('ArrearsReminder', texts, agreement, { nextBill: bill, arrearsAmount: '$42.00' })).toEqual(
      { ...owing, amount: '$42.00' },
    );
  });
});

describe('unfilledPlaceholders', () => {
  it.each([
    [['Dear {firstName}, {amount} by {date}.'], { firstName: 'Ann', amount: '$1.00', date: '01-03-2027' }, []],
    [['Dear {firstName}, {amount}.'], { firstName: 'Ann', amount: ' ' }, ['amount']],
    [['{billerName}', 'and {billerName} {change}'], {}, ['billerName', 'change']],
    [['{notAPlaceholder}'], { firstName: 'Ann' }, ['notAPlaceholder']],
  ] as const)('%j with %j → %j', (texts, values, missing) => {
    expect(unfilledPlaceholders(texts, values)).toEqual(missing);
  });
});

describe('fitSms and checkSmsLength (an SMS is one message: 160 characters)', () => {
  it('keeps a short text as it is, on one line', () => {
    expect(fitSms('Harbourside:  your deposit\nis due.')).toBe('Harbourside: your deposit is due.');
  });

  it('cuts a long text at a word, marked', () => {
    const long = `${'word '.repeat(40)}end`;
    const fitted = fitSms(long);
    expect(fitted.length).toBeLessThanOrEqual(160);
    expect(fitted).toMatch(/word…$/);
  });

  it('refuses a template that comes out longer with typical details', () => {
    expect(refusal(() => checkSmsLength(`{institutionShortName}: ${'x'.repeat(140)} {amount}`))).toEqual({
      code: 'SMS_TOO_LONG',
      field: 'smsTemplate',
      message:
        'The SMS text comes to 163 characters with typical details filled in; keep it within 160 so that it goes as one message.',
    });
    expect(checkSmsLength('{institutionShortName}: {amount} due {date}.')).toBe(
      '{institutionShortName}: {amount} due {date}.',
    );
  });
});
