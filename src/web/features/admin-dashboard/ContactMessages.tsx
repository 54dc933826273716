import { Loaded } from '../../ui/Loaded.tsx';
import { TablePager, usePageParam } from '../../ui/TablePager.tsx';
import { CountedSection } from './CountedSection.tsx';
import { useContactMessages } from './get-contact-messages.ts';

/** Messages sent from /contact, newest first. */
export function ContactMessages() {
  const [page, setPage] = usePageParam('messages');
  const messages = useContactMessages(page);
  return (
    <CountedSection id="messages-title" title="Contact messages" total={messages.data?.total}>
      <Loaded query={messages} loading="Loading the messages">
        {(data) =>
          data.total === 0 ? (
            <p className="mt-4 rounded-box bg-base-200 p-4">No messages yet.</p>
          ) : (
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
                    <p className="mt-2 whitespace-pre-line break-words">{m.message}</p>
                  </li>
                ))}
              </ul>
              <TablePager page={page} pages={data.pages} onPage={setPage} label="Message pages" />
            </>
          )
        }
      </Loaded>
    </CountedSection>
  );
}
