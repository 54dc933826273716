import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { useContactDetails } from './contact-details.ts';

/**
 * Farmstall's address, phone (a tel: link), e-mail (a mailto: link) and hours, from the server's configuration.
 * Until they arrive the four lines keep their place, so nothing below them moves.
 */
export function ContactLines({ className = '', iconSize = 18 }: { className?: string; iconSize?: number }) {
  const details = useContactDetails();
  const d = details.data;
  const lines = [
    { key: 'address', Icon: MapPin, label: 'Address', content: d?.address },
    {
      key: 'phone',
      Icon: Phone,
      label: 'Phone',
      content: d && <a href={`tel:${d.phone.replace(/[^+\d]/g, '')}`}>{d.phone}</a>,
    },
    { key: 'email', Icon: Mail, label: 'E-mail', content: d && <a href={`mailto:${d.email}`}>{d.email}</a> },
    { key: 'hours', Icon: Clock, label: 'Hours', content: d?.hours },
  ];
  if (details.isError)
    return <p className={className}>Our contact details could not be loaded. Please try again later.</p>;
  return (
    <ul className={className} aria-busy={details.isPending}>
      {lines.map(({ key, Icon, label, content }) => (
        <li key={key} className="flex gap-2">
          <Icon size={iconSize} className="mt-0.5 shrink-0 text-primary" aria-hidden="true" />
          <span className="sr-only">{label}:</span>
          {content ?? <span className="skeleton h-4 w-48" />}
        </li>
      ))}
    </ul>
  );
}
