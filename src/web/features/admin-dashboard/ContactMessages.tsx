import { TablePager } from '../../ui/TablePager.tsx';
import { useContactMessages } from './get-contact-messages.ts';
import { PagedSection } from './PagedSection.tsx';

/** Messages sent from /contact, newest first. */
export function ContactMessages() {
  return (
    <PagedSection name="messages" title="Contact messages" usePage={useContactMessages} empty="No messages yet.">
      {(data, page, onPage) => (
        <>
          <ul className="mt-4 space-y-3">
            {data.items.map((m) => (
              <li key={m._id} className="rounded-box border border-base-300 bg-base-100 p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-bold">{m.subject}</h3>
                  <time dateTime={m.createdAt} className="text-sm">
                    {new Date(m.createdAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}
                  </time>
                </div>
                <p className="text-sm">
                  {m.name} ·{' '}
                  <a href={`mailto:${m.email}`} className="link">
                    {m.email}
                  </a>{' '}
                  · {m.phone}
                </p>
                <p className="mt-2 whitespace-pre-line">{m.message}</p>
              </li>
            ))}
          </ul>
          <TablePager page={page} pages={data.pages} onPage={onPage} label="Message pages" />
        </>
      )}
    </PagedSection>
  );
}
