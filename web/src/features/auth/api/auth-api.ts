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
import { api } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';

export function useLogin() {
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<AuthSession>('/jwt/login', input),
    onSuccess: (value) => session.start(value),
  });
}

export function useRegister() {
  return useMutation({
    // The account takes the interface's language, which its e-mails will speak from then on.
    mutationFn: (input: RegisterInput) =>
      api.post<AuthSession>('/jwt/register', { language: currentLanguage(), ...input }),
    onSuccess: (value) => session.start(value),
  });
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
