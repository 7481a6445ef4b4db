/**
 * The English text of every message the API can send. The key is the stable identity the web
 * client translates by (D10, D28); the text is what the API puts in `message` and `fields`.
 */
import { accountMessages } from './account-messages';
import { projectsMessages } from './projects-messages';
import { tagsMessages } from './tags-messages';
import { friendsMessages } from './friends-messages';
import { goalsMessages } from './goals-messages';
import { todosMessages } from './todos-messages';
import { calendarMessages } from './calendar-messages';
import { meetingsMessages } from './meetings-messages';
import { billingMessages } from './billing-messages';
import { helpMessages } from './help-messages';
import { yourDataMessages } from './your-data-messages';
import { chatMessages } from './chat-messages';
import { appPasswordsMessages } from './app-passwords-messages';
import { bookingMessages } from './booking-messages';

export const messages = {
  ...accountMessages,
  ...projectsMessages,
  ...tagsMessages,
  ...friendsMessages,
  ...goalsMessages,
  ...todosMessages,
  ...calendarMessages,
  ...meetingsMessages,
  ...billingMessages,
  ...helpMessages,
  ...yourDataMessages,
  ...chatMessages,
  ...appPasswordsMessages,
  ...bookingMessages,
  'auth.invalidCredentials': 'Email or Password is Invalid',
  'auth.invalidRefreshToken': 'Invalid refresh token',
  'auth.invalidResetToken': 'This reset link is invalid or has expired.',
  'auth.accountDeactivated': 'This account has been deactivated.',
  'auth.tooManyLoginAttempts': 'Too many failed logins for this account. Try again in 15 minutes.',
  'auth.required': 'You need to sign in to do this.',
  'auth.invalidToken': 'Your session has expired. Please sign in again.',
  'auth.addressBlocked': 'Too many failed logins from your address. Try again in 15 minutes.',
  'auth.invalidUnlockToken': 'This unlock link is invalid or has expired.',
  'validation.emailRequired': 'Please enter your email.',
  'validation.emailInvalid': 'Please enter a valid email address.',
  'validation.emailTaken': 'This email is already in use.',
  'validation.usernameRequired': 'Please enter your username.',
  'validation.usernameLength': 'The username must have 3 to 30 characters.',
  'validation.usernameChars': 'The username may contain only letters, digits, dots, dashes and underscores.',
  'validation.usernameTaken': 'This username is already in use.',
  'validation.passwordRequired': 'Please enter your password.',
  'validation.passwordLength': 'The password must have 8 to 128 characters.',
  'validation.fullNameLength': 'The full name must have at most 100 characters.',
  'validation.tokenRequired': 'The token is missing.',
  'validation.text': 'This field must be text.',
  'validation.unknownField': 'This field is not allowed.',
  'validation.nulCharacter': 'This field may not contain a NUL character.',
  'validation.invalid': 'Some fields are not valid.',
  'request.invalidJson': 'The request body is not valid JSON.',
  'request.emptyBody': 'The request body is empty.',
  'request.tooLarge': 'The request body is too large.',
  'request.unsupportedMediaType': 'This content type is not supported.',
  'request.notFound': 'Not found.',
  'request.forbidden': 'You are not allowed to do this.',
  'request.rateLimited': 'Too many requests. Please wait a moment and try again.',
  'request.bad': 'The request is not valid.',
  'server.error': 'Something went wrong on our side. Please try again.',
  'server.unavailable': 'The service is unavailable.',
} as const;

export type MessageKey = keyof typeof messages;
