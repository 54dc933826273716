import { useMutation } from '@tanstack/react-query';
import type { VendorRegistrationInput } from '#contract/users.ts';
import { api } from '../../api/client.ts';

export function registerVendor(email: string, input: VendorRegistrationInput) {
  return api<{ modifiedCount: number }>(`/users/email/${encodeURIComponent(email)}`, { method: 'PATCH', body: input });
}

export function useRegisterVendor() {
  return useMutation({
    mutationFn: ({ email, input }: { email: string; input: VendorRegistrationInput }) => registerVendor(email, input),
  });
}
