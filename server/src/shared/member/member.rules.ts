import { INT4_MAX } from '../input-guard.js';

/** Register-interest form rules (spec 1 §5: sent only when valid). Pure: shared by the service and its tests. */
export interface InterestInput {
  memberId: number;
  fullName: string;
  email: string;
  mobilePhone: string;
}

export interface FieldProblem {
  code: string;
  field: string;
  message: string;
}

/** Register interest is public: at most this many registrations per address in the window (spam, not people). */
export const INTEREST_RATE_LIMIT = { perAddress: 5, windowMinutes: 60 } as const;

export const INTEREST_RATE_LIMITED: FieldProblem = {
  code: 'TOO_MANY_REQUESTS',
  field: 'form',
  message: 'Too many registrations from this address. Please try again later.',
};

/** Whether one more registration from an address with `recent` in the window is refused. */
export function interestRateLimited(recent: number): boolean {
  return recent >= INTEREST_RATE_LIMIT.perAddress;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Australian mobile: 04xx xxx xxx or +61 4xx xxx xxx. */
const MOBILE = /^(?:04\d{8}|\+614\d{8})$/;

export function normaliseMobile(value: string): string {
  return value.replace(/[\s()-]/g, '');
}

export function validateInterest(input: InterestInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!Number.isInteger(input.memberId) || input.memberId < 0 || input.memberId > INT4_MAX) {
    problems.push({ code: 'INVALID_MEMBER', field: 'memberId', message: 'The member id is not valid.' });
  }
  const name = input.fullName.trim();
  if (!name) problems.push({ code: 'REQUIRED', field: 'fullName', message: 'Please enter your full name.' });
  else if (name.length > 160) {
    problems.push({ code: 'TOO_LONG', field: 'fullName', message: 'The name can be at most 160 characters.' });
  }
  const email = input.email.trim();
  if (!email) problems.push({ code: 'REQUIRED', field: 'email', message: 'Please enter your email address.' });
  else if (email.length > 254 || !EMAIL.test(email)) {
    problems.push({ code: 'INVALID_EMAIL', field: 'email', message: 'Please enter a valid email address.' });
  }
  const mobile = normaliseMobile(input.mobilePhone);
  if (!mobile) problems.push({ code: 'REQUIRED', field: 'mobilePhone', message: 'Please enter your mobile number.' });
  else if (!MOBILE.test(mobile)) {
    problems.push({
      code: 'INVALID_MOBILE',
      field: 'mobilePhone',
      message: 'Please enter an Australian mobile number, such as 0412 345 678.',
    });
  }
  return problems;
}
