import { useMutation } from '@tanstack/react-query';
import { usersApi } from '#contract/api/users.ts';
import type { SignUpInput } from '#contract/auth.ts';
import { call } from '../../api/client.ts';

export function createAccount(input: SignUpInput) {
  return call(usersApi.signUp, { body: input });
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
