import { zodResolver } from '@hookform/resolvers/zod';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { type ContactMessageInput, contactMessageInput } from '#contract/contact.ts';
import { errorMessage } from '../../api/client.ts';
import { CONTACT } from '../../layout/contact-details.ts';
import { FormField } from '../../ui/FormField.tsx';
import { SubmitButton } from '../../ui/SubmitButton.tsx';
import { useSendContactMessage } from './send-contact-message.ts';

export function ContactPage() {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageInput),
    defaultValues: { name: '', email: '', phone: '', subject: '', reviewText: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await send.mutateAsync(values);
      toast.success(result.message);
      reset();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  const fieldProps = (name: keyof ContactMessageInput) => ({
    id: `contact-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    ...register(name),
  });

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-4xl font-bold">Contact us</h1>
      <p className="mt-2 text-lg">Questions about an order, a shop or selling on Farmstall? Write to us.</p>
      <div className="mt-8 grid gap-10 lg:grid-cols-3">
        <section aria-labelledby="contact-office" className="rounded-box bg-base-200 p-6">
          <h2 id="contact-office" className="text-xl font-bold">
            Our office
          </h2>
          <ul className="mt-4 space-y-3">
            <li className="flex gap-2">
              <MapPin className="shrink-0 text-primary" aria-hidden="true" /> {CONTACT.address}
            </li>
            <li className="flex gap-2">
              <Phone className="shrink-0 text-primary" aria-hidden="true" /> {CONTACT.phone}
            </li>
            <li className="flex gap-2">
              <Mail className="shrink-0 text-primary" aria-hidden="true" /> {CONTACT.email}
            </li>
            <li className="flex gap-2">
              <Clock className="shrink-0 text-primary" aria-hidden="true" /> {CONTACT.hours}
            </li>
          </ul>
        </section>
        <section aria-labelledby="contact-form-title" className="lg:col-span-2">
          <h2 id="contact-form-title" className="text-xl font-bold">
            Send us a message
          </h2>
          <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-x-4 sm:grid-cols-2">
            <FormField label="Name" htmlFor="contact-name" error={errors.name?.message}>
              <input className="input w-full" autoComplete="name" {...fieldProps('name')} />
            </FormField>
            <FormField label="Email" htmlFor="contact-email" error={errors.email?.message}>
              <input className="input w-full" type="email" autoComplete="email" {...fieldProps('email')} />
            </FormField>
            <FormField label="Phone" htmlFor="contact-phone" error={errors.phone?.message}>
              <input className="input w-full" type="tel" autoComplete="tel" {...fieldProps('phone')} />
            </FormField>
            <FormField label="Subject" htmlFor="contact-subject" error={errors.subject?.message}>
              <input className="input w-full" {...fieldProps('subject')} />
            </FormField>
            <div className="sm:col-span-2">
              <FormField label="Message" htmlFor="contact-reviewText" error={errors.reviewText?.message}>
                <textarea className="textarea h-36 w-full" {...fieldProps('reviewText')} />
              </FormField>
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
