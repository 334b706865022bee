// The server's own register-interest rules (pure, no imports): the form is sent only when the server would accept it.
import { normaliseMobile, validateInterest as interestProblems } from '@shared/member/member.rules.js';

/** The register-interest form (spec 1 §3 "Register interest": FullName, Email, MobilePhone). */
export interface InterestValues {
  fullName?: string;
  email?: string;
  mobilePhone?: string;
}

export type InterestErrors = Partial<Record<keyof InterestValues, string>>;

const FORM_FIELDS: ReadonlySet<string> = new Set([
  'fullName',
  'email',
  'mobilePhone',
] satisfies (keyof InterestValues)[]);

function isFormField(field: string): field is keyof InterestValues {
  return FORM_FIELDS.has(field);
}

/** The mutation input: trimmed text and the mobile number without separators. */
export function interestInput(memberId: number, values: InterestValues) {
  return {
    memberId,
    fullName: values.fullName?.trim() ?? '',
    email: values.email?.trim() ?? '',
    mobilePhone: normaliseMobile(values.mobilePhone?.trim() ?? ''),
  };
}

/** Field errors keyed like the form; also maps the server's `errors { field message }` answer. */
export function fieldErrors(problems: ReadonlyArray<{ field?: string | null; message: string }>): InterestErrors {
  const errors: InterestErrors = {};
  for (const { field, message } of problems) {
    if (field && isFormField(field)) errors[field] ??= message;
  }
  return errors;
}

/** Spec 1 §5: the form is sent only when this returns no errors. */
export function validateInterest(values: InterestValues): InterestErrors {
  return fieldErrors(interestProblems(interestInput(0, values)));
}

interface MemberContact {
  firstName: string;
  lastName: string;
  email: string | null;
  mobilePhone: string | null;
}

/** Prefill from the member record (spec 1 §2 nomember). */
export function interestPrefill(member: MemberContact | undefined): InterestValues {
  if (!member) return {};
  return {
    fullName: `${member.firstName} ${member.lastName}`.trim(),
    email: member.email ?? '',
    mobilePhone: member.mobilePhone ?? '',
  };
}
