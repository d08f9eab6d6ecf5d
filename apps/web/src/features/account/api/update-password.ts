import { useMutation } from '@tanstack/react-query';
import type { UpdatePasswordRequest } from '@rentdrive/contracts/account';
import { Account } from '@rentdrive/contracts/account';
import { callApi } from '../../../lib/api-client';

export function updatePassword(body: UpdatePasswordRequest) {
  return callApi(Account.updatePassword, { body });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
