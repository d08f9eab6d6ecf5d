import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@rentdrive/contracts/account';
import { apiFetch } from '../../../lib/api-client';
import { AccountPaths } from '@rentdrive/contracts/paths';

export function login(body: LoginRequest) {
  return apiFetch<{ succeeded: boolean }>(AccountPaths.login, { method: 'POST', json: body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
