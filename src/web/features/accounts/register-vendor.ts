import { useMutation } from '@tanstack/react-query';
import { shopsApi } from '#contract/api/shops.ts';
import type { VendorRegistrationInput } from '#contract/users.ts';
import { call } from '../../api/client.ts';

export function registerVendor(email: string, input: VendorRegistrationInput) {
  return call(shopsApi.registerVendor, { params: { email }, body: input });
}

export function useRegisterVendor() {
  return useMutation({
    mutationFn: ({ email, input }: { email: string; input: VendorRegistrationInput }) => registerVendor(email, input),
  });
}
