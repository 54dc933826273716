import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '#contract/auth.ts';
import { call } from '../../api/client.ts';

export function createAccount(input: SignUpInput) {
  return call('POST /users', { body: input });
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
