import { describe, expect, it } from 'vitest';
import { NotificationPreference } from '../notification/notification-codes.js';
import {
  checkContactability,
  DEFAULT_EVENTS,
  defaultPreference,
  effectivePreferences,
  parsePreference,
  PREFERENCES_MESSAGES,
  SUBSCRIBED_EVENTS,
} from './preferences.rules.js';

const { Email, Sms, None } = NotificationPreference;

describe('defaultPreference (spec 3 §4: Email if an e-mail exists, else Sms if a mobile, else None)', () => {
  it.each([
    ['an e-mail and a mobile', 'a@b.example', '0412345678', Email],
    ['an e-mail only', 'a@b.example', null, Email],
    ['a mobile only', null, '0412345678', Sms],
    ['a blank e-mail and a mobile', '  ', '0412345678', Sms],
    ['neither', null, null, None],
    ['blanks only', '', ' ', None],
  ])('%s', (_name, email, mobilePhone, expected) => {
    expect(defaultPreference({ email, mobilePhone })).toBe(expected);
  });
});

describe('checkContactability (spec 3 §5)', () => {
  const m = (notificationPreference: NotificationPreference, email: string | null, mobilePhone: string | null) => ({
    memberId: 1,
    notificationPreference,
    email,
    mobilePhone,
  });
  it.each([
    ['one member by Email', [m(Email, 'a@b.example', null)], []],
    ['one by Sms, one None', [m(Sms, null, '0412'), m(None, null, null)], []],
    [
      'everyone None: nobody contactable',
      [m(None, 'a@b.example', '0412'), m(None, null, null)],
      ['NO_MEMBER_CONTACTABLE'],
    ],
    ['no members at all', [], ['NO_MEMBER_CONTACTABLE']],
    ['Email chosen with no e-mail nor mobile', [m(Email, null, null)], ['CONTACT_DETAILS_MISSING']],
    ['Sms chosen with blanks', [m(Sms, ' ', ''), m(Email, 'a@b.example', null)], ['CONTACT_DETAILS_MISSING']],
    ['Sms chosen with only an e-mail: reachable', [m(Sms, 'a@b.example', null)], []],
  ])('%s', (_name, members, codes) => {
    expect(checkContactability(members).map((r) => r.code)).toEqual(codes);
  });

  it('gives both messages of the spec, word for word', () => {
    expect(checkContactability([m(None, null, null)])[0].message).toBe(
      'At least one member must be contactable via email or SMS. Please make a preferred contact method selection.',
    );
    expect(checkContactability([m(Email, null, null)])[0].message).toBe(
      'Some member contact details appear to be missing. Please update the members email and/or mobile number in core banking before proceeding with this agreement. Once done, to refresh this agreement, step out and back into the agreement.',
    );
    expect(PREFERENCES_MESSAGES.profileSaved).toBe('You have successfully updated your profile.');
  });
});

describe('parsePreference', () => {
  it.each([
    [0, None],
    [1, Email],
    [2, Sms],
    ['Email', Email],
    ['sms', Sms],
    ['NONE', None],
    ['2', Sms],
    [3, null],
    ['post', null],
    [null, null],
    [true, null],
  ])('%j → %j', (value, expected) => {
    expect(parsePreference(value)).toBe(expected);
  });
});

describe('subscribed events (spec 3 §9: all on by default)', () => {
  it('lists the five events, each on', () => {
    expect(SUBSCRIBED_EVENTS.map((e) => e.label)).toEqual([
      'Missed deposit',
      'Bill payment failed or technically difficult',
      'Agreement due for renewal',
      'Agreement changed or cancelled',
      'Short-paid bill',
    ]);
    expect(Object.values(DEFAULT_EVENTS)).toEqual([true, true, true, true, true]);
  });
});

describe('effectivePreferences (created for a new agreement if none are found)', () => {
  it('keeps a stored preference and defaults the others', () => {
    const members = [
      { memberId: 1, email: 'a@b.example', mobilePhone: null },
      { memberId: 2, email: null, mobilePhone: '0412' },
    ];
    expect(effectivePreferences(members, new Map([[1, None]])).map((x) => x.notificationPreference)).toEqual([
      None,
      Sms,
    ]);
  });
});
