import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AccountRecovery,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
  type VerifyEmailRequest,
} from '@rentdrive/contracts/account-recovery';
import { callApi } from '../../../lib/api-client';

/** Password recovery and address verification (issue 25): one module, one file per screen would repeat it. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (body: ForgotPasswordRequest) => callApi(AccountRecovery.forgotPassword, { body }) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: ResetPasswordRequest) => callApi(AccountRecovery.resetPassword, { body }) });
}

export const emailStatusQueryOptions = queryOptions({
  queryKey: ['account', 'email-status'],
  queryFn: ({ signal }) => callApi(AccountRecovery.emailStatus, { signal }),
  staleTime: 60_000,
});

export function useEmailStatus(enabled: boolean) {
  return useQuery({ ...emailStatusQueryOptions, enabled });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VerifyEmailRequest) => callApi(AccountRecovery.verifyEmail, { body }),
    // A verified change of address (issue 25) changes the account's details too: every account query reloads.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => callApi(AccountRecovery.resendVerification, {}) });
}
