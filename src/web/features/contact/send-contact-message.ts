import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '#contract/contact.ts';
import { call } from '../../api/client.ts';

export function sendContactMessage(input: ContactMessageInput) {
  return call('POST /contact', { body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
