import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@rentdrive/contracts/account';
import { apiFetch } from '../../../lib/api-client';
import { AccountPaths } from '@rentdrive/contracts/paths';

export function register(body: RegisterRequest) {
  return apiFetch<{ succeeded: boolean }>(AccountPaths.register, { method: 'POST', json: body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
