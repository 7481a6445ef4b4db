/** The sign-in calls of the auth pages. */
import type {
  AuthSession,
  ForgotPasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  UnlockInput,
} from '@cadence/contract';
import { useMutation } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<AuthSession>('/jwt/login', input),
    onSuccess: (value) => session.start(value),
  });
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
  return useMutation({ mutationFn: register, onSuccess: (value) => session.start(value) });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) => api.post<undefined>('/jwt/forgot-password', input),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<undefined>('/jwt/reset-password', input),
  });
}

export function useUnlock() {
  return useMutation({
    mutationFn: (input: UnlockInput) => api.post<undefined>('/jwt/unlock', input),
  });
}
