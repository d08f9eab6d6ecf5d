import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@rentdrive/contracts/account';
import { apiFetch } from '../../../lib/api-client';

export function register(body: RegisterRequest) {
  return apiFetch<{ succeeded: boolean }>('/api/account/register', { method: 'POST', json: body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
