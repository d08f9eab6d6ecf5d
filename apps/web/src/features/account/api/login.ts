import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@rentdrive/contracts/account';
import { Account } from '@rentdrive/contracts/account';
import { callApi } from '../../../lib/api-client';

export function login(body: LoginRequest) {
  return callApi(Account.login, { body });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
