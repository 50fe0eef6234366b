export const LOGIN_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email.',
  passwordRequired: 'Password is required.',
  passwordShort: 'Password must be at least 6 characters long.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;

/** A basic `name@domain.tld` shape; the server validates strictly. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every failing login message, in form order (apps/web/README.md, Texts: all listed together). */
export function validateLogin(email: string, password: string): string[] {
  const errors: string[] = [];
  const trimmed = email.trim();
  if (trimmed === '') errors.push(LOGIN_MESSAGES.emailRequired);
  else if (!EMAIL_PATTERN.test(trimmed)) errors.push(LOGIN_MESSAGES.emailInvalid);
  if (password === '') errors.push(LOGIN_MESSAGES.passwordRequired);
  else if (password.length < PASSWORD_MIN_LENGTH) errors.push(LOGIN_MESSAGES.passwordShort);
  return errors;
}
