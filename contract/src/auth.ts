/** Request and response bodies of the /api/jwt calls (D9). */
import { z } from 'zod';
import { timeZone } from './fields';
import { messages } from './messages';
import { languagesList, userData } from './users';

/** A required text field whose messages name it: missing → `required`, not text → `text`. */
function requiredText(required: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? required : messages['validation.text']),
  });
}

export const email = requiredText(messages['validation.emailRequired'])
  .trim()
  .toLowerCase()
  .min(1, messages['validation.emailRequired'])
  .max(254, messages['validation.emailInvalid'])
  .pipe(z.email(messages['validation.emailInvalid']));

export const username = requiredText(messages['validation.usernameRequired'])
  .trim()
  .min(1, messages['validation.usernameRequired'])
  .min(3, messages['validation.usernameLength'])
  .max(30, messages['validation.usernameLength'])
  .regex(/^[A-Za-z0-9._-]+$/, messages['validation.usernameChars']);

export const newPassword = requiredText(messages['validation.passwordRequired'])
  .min(1, messages['validation.passwordRequired'])
  .min(8, messages['validation.passwordLength'])
  .max(128, messages['validation.passwordLength']);

/** At login any stored password may be typed, so only presence and a sane bound are checked. */
const password = requiredText(messages['validation.passwordRequired'])
  .min(1, messages['validation.passwordRequired'])
  .max(1024, messages['validation.passwordLength']);

const token = requiredText(messages['validation.tokenRequired'])
  .min(1, messages['validation.tokenRequired'])
  .max(512, messages['validation.tokenRequired']);

export const loginInput = z.strictObject({ email, password }).meta({ id: 'LoginInput' });
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z
  .strictObject({
    username,
    email,
    password: newPassword,
    fullName: z
      .string({ error: messages['validation.text'] })
      .trim()
      .max(100, messages['validation.fullNameLength'])
      .optional(),
    /** The interface language at registration: the account's language from then on. */
    language: z.enum(languagesList).optional(),
    /** The browser's time zone at registration (D46); UTC when absent, as before. */
    timeZone: timeZone.optional(),
  })
  .meta({ id: 'RegisterInput' });
export type RegisterInput = z.infer<typeof registerInput>;

export const refreshInput = z.strictObject({ refreshToken: token }).meta({ id: 'RefreshInput' });
export type RefreshInput = z.infer<typeof refreshInput>;

export const logoutInput = refreshInput;

export const forgotPasswordInput = z.strictObject({ email }).meta({ id: 'ForgotPasswordInput' });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = z
  .strictObject({ token, password: newPassword })
  .meta({ id: 'ResetPasswordInput' });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

/** The token of an unlock link (decisions §61): single use, one hour. */
export const unlockInput = z.strictObject({ token }).meta({ id: 'UnlockInput' });
export type UnlockInput = z.infer<typeof unlockInput>;

export const tokenPair = z
  .object({ accessToken: z.string(), refreshToken: z.string() })
  .meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof tokenPair>;

export const authSession = z
  .object({ userData, accessToken: z.string(), refreshToken: z.string() })
  .meta({ id: 'AuthSession' });
export type AuthSession = z.infer<typeof authSession>;

export const currentUser = z
  .object({
    userData,
    operator: z.boolean().describe('Whether this user administers the instance (D7)'),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUser>;
