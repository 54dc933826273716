import { useMutation } from '@tanstack/react-query';
import type { VendorRegistrationInput } from '#contract/users.ts';
import { call } from '../../api/client.ts';

export function registerVendor(email: string, input: VendorRegistrationInput) {
  return call('PATCH /users/email/:email', { params: { email }, body: input });
}

export function useRegisterVendor() {
  return useMutation({
    mutationFn: ({ email, input }: { email: string; input: VendorRegistrationInput }) => registerVendor(email, input),
  });
}
