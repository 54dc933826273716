import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '#contract/auth.ts';
import { api } from '../../api/client.ts';

export function createAccount(input: SignUpInput) {
  return api<{ insertedId: string }>('/users', { method: 'POST', body: input });
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount });
}
