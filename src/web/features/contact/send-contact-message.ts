import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput } from '#contract/contact.ts';
import { api } from '../../api/client.ts';

type Sent = { insertedId: string; message: string };

export function sendContactMessage(input: ContactMessageInput) {
  return api<Sent>('/contact', { method: 'POST', body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
