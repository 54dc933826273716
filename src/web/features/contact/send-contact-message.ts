import { useMutation } from '@tanstack/react-query';
import { contactApi } from '#contract/api/contact.ts';
import type { ContactMessageInput } from '#contract/contact.ts';
import { call } from '../../api/client.ts';

export function sendContactMessage(input: ContactMessageInput) {
  return call(contactApi.send, { body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
