export interface LoginValues {
  username?: string;
  password?: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

export const LOGIN_MESSAGES = {
  usernameRequired: 'Please enter your member number or username.',
  passwordRequired: 'Please enter your password.',
} as const;

/** Spec 1 §5: member number (or username) and password are both required; nothing is sent otherwise. */
export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!values.username?.trim()) errors.username = LOGIN_MESSAGES.usernameRequired;
  if (!values.password) errors.password = LOGIN_MESSAGES.passwordRequired;
  return errors;
}
