import { NotificationPreference } from '../notification/notification-codes.js';

/** An expected refusal of a preferences save: a code, the field at fault and the spec's message. */
export interface PreferencesRefusal {
  code: string;
  field: string | null;
  message: string;
}

/** Spec 3 §5, word for word. */
export const PREFERENCES_MESSAGES = {
  noneContactable:
    'At least one member must be contactable via email or SMS. Please make a preferred contact method selection.',
  contactDetailsMissing:
    'Some member contact details appear to be missing. Please update the members email and/or mobile number in core banking before proceeding with this agreement. Once done, to refresh this agreement, step out and back into the agreement.',
  invalidPreference: 'The notification preference must be Email, SMS or None.',
  notAMember: 'Preferences can only be set for members of the agreement’s account.',
  duplicateMember: 'Each member can have only one notification preference.',
  unknownBranch: 'Please choose one of the branches.',
  unknownBiller: 'Reminders can only be set for the agreement’s own billers.',
  profileSaved: 'You have successfully updated your profile.',
} as const;

/** The events members are told about (spec 3 §9): all subscribed by default. */
export const SUBSCRIBED_EVENTS = [
  { key: 'notifyMissedDeposit', label: 'Missed deposit' },
  { key: 'notifyBillPaymentFailed', label: 'Bill payment failed or technically difficult' },
  { key: 'notifyRenewalDue', label: 'Agreement due for renewal' },
  { key: 'notifyAgreementChanged', label: 'Agreement changed or cancelled' },
  { key: 'notifyShortPaidBill', label: 'Short-paid bill' },
] as const;

export type EventKey = (typeof SUBSCRIBED_EVENTS)[number]['key'];
export type EventSubscriptions = Record<EventKey, boolean>;

export const DEFAULT_EVENTS: EventSubscriptions = {
  notifyMissedDeposit: true,
  notifyBillPaymentFailed: true,
  notifyRenewalDue: true,
  notifyAgreementChanged: true,
  notifyShortPaidBill: true,
};

export interface ContactDetails {
  email: string | null;
  mobilePhone: string | null;
}

const present = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** Spec 3 §4: Email if an e-mail exists, else Sms if a mobile exists, else None. */
export function defaultPreference(member: ContactDetails): NotificationPreference {
  if (present(member.email)) return NotificationPreference.Email;
  if (present(member.mobilePhone)) return NotificationPreference.Sms;
  return NotificationPreference.None;
}

/** A preference from the wire: 0/1/2 or its name (None, Email, Sms, any case); null when it is neither. */
export function parsePreference(value: unknown): NotificationPreference | null {
  if (typeof value === 'number' && [0, 1, 2].includes(value)) return value as NotificationPreference;
  if (typeof value === 'string') {
    const name = value.trim().toLowerCase();
    if (name === 'none' || name === '0') return NotificationPreference.None;
    if (name === 'email' || name === '1') return NotificationPreference.Email;
    if (name === 'sms' || name === '2') return NotificationPreference.Sms;
  }
  return null;
}

export interface MemberChoice extends ContactDetails {
  memberId: number;
  notificationPreference: NotificationPreference;
}

/**
 * Spec 3 §5 preferences: at least one member contactable by Email or Sms; a member with a preference other than
 * None but neither an e-mail nor a mobile cannot be reached (the contact details are missing).
 */
export function checkContactability(members: readonly MemberChoice[]): PreferencesRefusal[] {
  const refusals: PreferencesRefusal[] = [];
  const chosen = members.filter((m) => m.notificationPreference !== NotificationPreference.None);
  if (chosen.length === 0) {
    refusals.push({
      code: 'NO_MEMBER_CONTACTABLE',
      field: 'notificationPreference',
      message: PREFERENCES_MESSAGES.noneContactable,
    });
  }
  if (chosen.some((m) => !present(m.email) && !present(m.mobilePhone))) {
    refusals.push({
      code: 'CONTACT_DETAILS_MISSING',
      field: 'notificationPreference',
      message: PREFERENCES_MESSAGES.contactDetailsMissing,
    });
  }
  return refusals;
}

/** The preferences to show: the stored one of each member, else the default from their contact details. */
export function effectivePreferences<T extends ContactDetails & { memberId: number }>(
  members: readonly T[],
  stored: ReadonlyMap<number, NotificationPreference>,
): (T & { notificationPreference: NotificationPreference })[] {
  return members.map((m) => ({ ...m, notificationPreference: stored.get(m.memberId) ?? defaultPreference(m) }));
}
