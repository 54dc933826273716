import type { OutboxPage as Outbox } from '#contract/notifications.ts';
import { errorMessage, routeUrl } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { PageTable } from '../../ui/DataTable.tsx';
import { LoadedPages } from '../../ui/Loaded.tsx';
import { toast } from '../../ui/toast.ts';
import { useOutbox } from './get-outbox.ts';

const when = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })
    : '—';

export function OutboxPage() {
  return <LoadedPages usePage={useOutbox} loading="Loading the outbox" view={OutboxView} />;
}

function OutboxView({ data, onPage }: { data: Outbox; onPage: (page: number) => void }) {
  const download = (name: string) =>
    downloadFile(routeUrl('GET /outbox/mail/:name', { name }), name).catch((error) => toast.error(errorMessage(error)));
  return (
    <div>
      <h1 className="text-3xl font-bold">Outbox: {data.total}</h1>
      <p className="mt-2">Every notification to deliver, in the app and by e-mail, newest first.</p>
      <PageTable
        label="Outbox"
        page={data}
        onPage={onPage}
        pagesLabel="Outbox pages"
        columns={[
          { header: 'Recipient', cell: (row) => <span className="break-all">{row.recipient}</span> },
          {
            header: 'Kind',
            cell: (row) => `${row.kind.replaceAll('_', ' ')} (${row.channel === 'email' ? 'e-mail' : 'in-app'})`,
          },
          {
            header: 'State',
            cell: (row) => (
              <>
                <span
                  className={`badge ${row.state === 'failed' ? 'badge-error' : row.state === 'sent' ? 'badge-success' : 'badge-ghost'}`}
                >
                  {row.state}
                </span>
                {row.lastError ? <p className="text-xs wrap-anywhere">{row.lastError}</p> : null}
              </>
            ),
          },
          { header: 'Attempts', cell: (row) => row.attempts },
          { header: 'Sent at', cell: (row) => when(row.sentAt) },
        ]}
      />
      {data.mailFiles.length > 0 ? (
        <section aria-labelledby="mail-files" className="mt-8">
          <h2 id="mail-files" className="text-xl font-bold">
            E-mails written as files
          </h2>
          <p className="mt-1 text-sm">No SMTP server is set (SMTP_URL), so e-mails are kept under DATA_DIR/mail.</p>
          <ul className="mt-3 flex flex-col gap-2">
            {data.mailFiles.map((file) => (
              <li
                key={file.name}
                className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-base-200 p-3"
              >
                <span className="min-w-0 wrap-anywhere">
                  <span className="font-semibold">{file.subject}</span> <span className="text-sm">to {file.to}</span>
                </span>
                <button type="button" className="btn btn-outline btn-xs" onClick={() => download(file.name)}>
                  Download
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
