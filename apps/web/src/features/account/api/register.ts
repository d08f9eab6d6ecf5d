import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@rentdrive/contracts/account';
import { Account } from '@rentdrive/contracts/account';
import { callApi } from '../../../lib/api-client';

export function register(body: RegisterRequest) {
  return callApi(Account.register, { body });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
