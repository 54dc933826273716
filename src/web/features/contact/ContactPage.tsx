import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ContactMessageInput, contactMessageInput } from '#contract/contact.ts';
import { errorMessage } from '../../api/client.ts';
import { ContactLines } from '../../layout/ContactLines.tsx';
import { PageMeta } from '../../ui/PageMeta.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { TextField, wireFields } from '../../ui/TextField.tsx';
import { toast } from '../../ui/toast.ts';
import { useSendContactMessage } from './send-contact-message.ts';

export function ContactPage() {
  const send = useSendContactMessage();
  const form = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageInput),
    defaultValues: { name: '', email: '', phone: '', subject: '', reviewText: '' },
  });
  const { handleSubmit, reset } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await send.mutateAsync(values);
      toast.success(result.message);
      reset();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  const field = wireFields('contact', form);

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageMeta
        title="Contact us"
        description="Questions about an order, a shop or selling on Farmstall? Write to us."
        canonical="/contact"
      />
      <h1 className="text-4xl font-bold">Contact us</h1>
      <p className="mt-2 text-lg">Questions about an order, a shop or selling on Farmstall? Write to us.</p>
      <div className="mt-8 grid gap-10 lg:grid-cols-3">
        <section aria-labelledby="contact-office" className="rounded-box bg-base-200 p-6">
          <h2 id="contact-office" className="text-xl font-bold">
            Our office
          </h2>
          <ContactLines className="mt-4 space-y-3" iconSize={24} />
        </section>
        <section aria-labelledby="contact-form-title" className="lg:col-span-2">
          <h2 id="contact-form-title" className="text-xl font-bold">
            Send us a message
          </h2>
          <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-x-4 sm:grid-cols-2">
            <TextField label="Name" field={field('name')} autoComplete="name" />
            <TextField label="Email" field={field('email')} type="email" autoComplete="email" />
            <TextField label="Phone" field={field('phone')} type="tel" autoComplete="tel" />
            <TextField label="Subject" field={field('subject')} />
            <div className="sm:col-span-2">
              <TextField label="Message" field={field('reviewText')} as="textarea" className="textarea h-36 w-full" />
            </div>
            <div className="mt-4 sm:col-span-2">
              <SubmitButton busy={send.isPending}>Send message</SubmitButton>
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}
