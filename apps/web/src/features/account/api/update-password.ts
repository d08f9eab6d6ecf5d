import { useMutation } from '@tanstack/react-query';
import type { UpdatePasswordRequest } from '@rentdrive/contracts/account';
import { apiFetch } from '../../../lib/api-client';
import { AccountPaths } from '@rentdrive/contracts/paths';

export function updatePassword(body: UpdatePasswordRequest) {
  return apiFetch<{ succeeded: boolean }>(AccountPaths.updatePassword, { method: 'POST', json: body });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
