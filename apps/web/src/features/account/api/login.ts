import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@rentdrive/contracts/account';
import { apiFetch } from '../../../lib/api-client';

export function login(body: LoginRequest) {
  return apiFetch<{ succeeded: boolean }>('/api/account/login', { method: 'POST', json: body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
