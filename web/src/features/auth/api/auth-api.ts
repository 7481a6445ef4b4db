/**
 * The sign-in calls of the auth pages, through `useAction` rather than TanStack Query's
 * `useMutation`: no query client on the sign-in pages (bench/bundle-size.ts).
 */
import type {
  AuthSession,
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  UnlockInput,
} from '@cadence/contract';
import { api, ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';

const startSession = (value: AuthSession) => session.start(value);
const login = (input: LoginInput) => api.post<AuthSession>('/jwt/login', input);

export function useLogin() {
  return useAction(login, startSession);
}

/**
 * Registers with the interface's language, which the account's e-mails will speak from then on,
 * and the device's time zone when the page gives it (D46). A zone the server's time-zone data does
 * not know (a browser newer or older than it) is left out rather than refusing the account: it
 * starts in UTC, as before, and the signed-in layout offers the device's zone again.
 */
async function register(input: RegisterInput): Promise<AuthSession> {
  const { timeZone, ...rest } = input;
  const withLanguage: RegisterInput = { language: currentLanguage(), ...rest };
  if (!timeZone) return api.post<AuthSession>('/jwt/register', withLanguage);
  try {
    return await api.post<AuthSession>('/jwt/register', { ...withLanguage, timeZone });
  } catch (error) {
    if (!(error instanceof ApiError && error.body?.fields?.timeZone)) throw error;
    return api.post<AuthSession>('/jwt/register', withLanguage);
  }
}

export function useRegister() {
  return useAction(register, startSession);
}

export function useForgotPassword() {
  return useAction((input: ForgotPasswordInput) => api.post<undefined>('/jwt/forgot-password', input));
}

export function useResetPassword() {
  return useAction((input: ResetPasswordInput) => api.post<undefined>('/jwt/reset-password', input));
}

export function useUnlock() {
  return useAction((input: UnlockInput) => api.post<undefined>('/jwt/unlock', input));
}
