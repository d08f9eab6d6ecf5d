import { useMutation } from '@tanstack/react-query';
import type { UpdatePasswordRequest } from '@rentdrive/contracts/account';
import { apiFetch } from '../../../lib/api-client';

export function updatePassword(body: UpdatePasswordRequest) {
  return apiFetch<{ succeeded: boolean }>('/api/account/update-password', { method: 'POST', json: body });
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePassword });
}
