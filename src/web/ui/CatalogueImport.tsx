import { useQueryClient } from '@tanstack/react-query';
import { Download, FileUp } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import {
  CATALOGUE_COLUMNS,
  type ColumnMapping,
  type ImportColumns,
  type ImportReport,
  NOTHING_APPLIED,
} from '#contract/catalogue-import.ts';
import {
  downloadCatalogue,
  rememberedMapping,
  rememberMapping,
  useFileColumns,
  useImportJob,
  useStartImport,
} from '../api/catalogue-import.ts';
import { errorMessage } from '../api/client.ts';
import { FormError } from './FormError.tsx';
import { toast } from './toast.ts';

/** The file chosen: its name, its bytes (sent as they are), and a fingerprint of its content for the check. */
type Chosen = { name: string; blob: Blob; fingerprint: string };

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** "3 new, 1 updated, 1 archived, 5 unchanged". */
function countsText(counts: ImportReport['counts']) {
  return `${count(counts.create, 'new product')}, ${counts.update.toLocaleString('en-US')} updated, ${counts.archive.toLocaleString('en-US')} archived, ${counts.unchanged.toLocaleString('en-US')} unchanged`;
}

const ACTION_TEXT = { create: 'New', update: 'Updated', archive: 'Archived', unchanged: 'Unchanged' } as const;

/**
 * The catalogue's export and import for one shop (issue 33 item 3): download the CSV; upload a file, match its
 * columns (remembered per shop in this browser), check it (a dry run listing each row's problems and what it would
 * do), then import it, all rows or none. The vendor's own page and the admin's, with the shop they chose.
 */
export function CatalogueImport({ shopId, productsLink }: { shopId: string; productsLink?: React.ReactNode }) {
  const [file, setFile] = useState<Chosen | null>(null);
  const [columns, setColumns] = useState<ImportColumns | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [jobId, setJobId] = useState<string | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState<string | null>(null);
  // The file chosen last: a slower read of one chosen before it never replaces it.
  const chosenLast = useRef<File | null>(null);
  const readColumns = useFileColumns();
  const start = useStartImport();
  const job = useImportJob(jobId);
  const fileInput = useId();
  const fingerprint = file ? `${file.fingerprint}:${JSON.stringify(mapping)}` : '';

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    chosenLast.current = chosen;
    setJobId(null);
    setChecked(null);
    setProblem(null);
    // Until the new file is read, nothing can check or import the one chosen before it.
    setFile(null);
    setColumns(null);
    setReading(chosen?.name ?? null);
    if (!chosen) return;
    try {
      const read = await readColumns.mutateAsync(chosen);
      if (chosenLast.current !== chosen) return;
      setFile({ name: chosen.name, blob: chosen, fingerprint: `${chosen.name}:${chosen.size}:${chosen.lastModified}` });
      setColumns(read);
      setMapping({ ...read.mapping, ...rememberedMapping(shopId, read.headers) });
    } catch (failure) {
      if (chosenLast.current !== chosen) return;
      setProblem(errorMessage(failure));
    } finally {
      if (chosenLast.current === chosen) setReading(null);
    }
  };

  const run = async (apply: boolean) => {
    if (!file) return;
    setProblem(null);
    try {
      rememberMapping(shopId, mapping);
      const { jobId: id } = await start.mutateAsync({ file: file.blob, mapping, apply, shopId });
      setJobId(id);
      setChecked(apply ? null : fingerprint);
    } catch (failure) {
      setProblem(errorMessage(failure));
    }
  };

  const current = job.data;
  const report = current?.report ?? null;
  const queryClient = useQueryClient();
  const appliedJob = current?.report?.applied ? current.id : null;
  // The products changed: every page reading them asks again.
  useEffect(() => {
    if (appliedJob) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'catalogue-import' });
  }, [appliedJob, queryClient]);
  const busy =
    start.isPending || (current !== undefined && (current.state === 'waiting' || current.state === 'running'));
  const readyToApply = report !== null && !current?.apply && report.errors.length === 0 && checked === fingerprint;
  const matched = Object.values(mapping).filter(Boolean).length;

  return (
    <div className="grid gap-6">
      <section className="rounded-box bg-base-100 p-4 shadow-sm" aria-labelledby="export-title">
        <h2 id="export-title" className="text-lg font-bold">
          Export
        </h2>
        <p className="mt-1 text-sm">
          Every product and size as a CSV file, one row per size: open it in a spreadsheet, change it and import it
          back.
        </p>
        <button
          type="button"
          className="btn btn-outline mt-3"
          onClick={() => downloadCatalogue(shopId).catch((failure) => toast.error(errorMessage(failure)))}
        >
          <Download size={18} aria-hidden="true" /> Download catalogue (CSV)
        </button>
      </section>

      <section className="rounded-box bg-base-100 p-4 shadow-sm" aria-labelledby="import-title">
        <h2 id="import-title" className="text-lg font-bold">
          Import
        </h2>
        <p className="mt-1 text-sm">
          Sizes are found by their SKU: a SKU of your shop updates that size, a new one adds it. Rows of one product
          share its Product (the first size’s SKU). A file with any problem imports nothing. Commas or semicolons; with
          semicolons, prices may use a decimal comma (3,50).
        </p>
        <label className="mt-3 flex flex-col gap-1" htmlFor={fileInput}>
          <span className="font-semibold">CSV file</span>
          <input
            id={fileInput}
            type="file"
            accept=".csv,text/csv"
            className="file-input w-full max-w-md"
            onChange={chooseFile}
          />
        </label>
        {reading && (
          <p className="mt-2 text-sm" role="status">
            Reading {reading}…
          </p>
        )}
        {file && columns && (
          <>
            <p className="mt-2 text-sm">
              {file.name}: {count(columns.rows, 'row')}, separated by “{columns.separator}”; {count(matched, 'column')}{' '}
              matched.
            </p>
            <ColumnChoices
              columns={columns}
              mapping={mapping}
              onChange={(next) => {
                setMapping(next);
                setChecked(null);
              }}
            />
            <div className="mt-4 flex flex-wrap gap-2">
              <button
                type="button"
                className={`btn ${readyToApply ? 'btn-outline' : 'btn-primary'}`}
                disabled={busy}
                onClick={() => run(false)}
              >
                <FileUp size={18} aria-hidden="true" /> Check file
              </button>
              <button
                type="button"
                className="btn btn-primary"
                disabled={busy || !readyToApply}
                onClick={() => run(true)}
              >
                Import{' '}
                {report && readyToApply
                  ? count(report.counts.create + report.counts.update + report.counts.archive, 'change')
                  : ''}
              </button>
            </div>
          </>
        )}
        <FormError message={problem} />
        {current && busy && (
          <div className="mt-4" role="status">
            <p className="text-sm">
              {current.apply ? 'Importing' : 'Checking'}: {current.progress.done.toLocaleString('en-US')} of{' '}
              {current.progress.total.toLocaleString('en-US') || '…'} rows
            </p>
            <progress
              className="progress progress-primary w-full max-w-md"
              value={current.progress.done}
              max={current.progress.total || 1}
              aria-label="Rows done"
            />
          </div>
        )}
        {current?.state === 'failed' && <FormError message={current.failure} />}
        {report && current?.state === 'done' && (
          <ReportView report={report} apply={current.apply} productsLink={productsLink} />
        )}
      </section>
    </div>
  );
}

/** Each column of the catalogue and the file's column it is read from (or none: left as it is). */
function ColumnChoices({
  columns,
  mapping,
  onChange,
}: {
  columns: ImportColumns;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
}) {
  const id = useId();
  return (
    <details className="mt-3 rounded-box border border-base-300 p-3">
      <summary className="cursor-pointer font-semibold">Columns</summary>
      <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {CATALOGUE_COLUMNS.map((column) => (
          <div key={column.key} className="flex flex-col gap-1 text-sm">
            <label htmlFor={`${id}-${column.key}`}>{column.header}</label>
            <select
              id={`${id}-${column.key}`}
              className="select select-sm w-full"
              value={mapping[column.key] ?? ''}
              onChange={(event) => onChange({ ...mapping, [column.key]: event.target.value || null })}
            >
              <option value="">Not in the file</option>
              {columns.headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
    </details>
  );
}

function ReportView({
  report,
  apply,
  productsLink,
}: {
  report: ImportReport;
  apply: boolean;
  productsLink?: React.ReactNode;
}) {
  if (report.errors.length > 0) {
    return (
      <div className="mt-4">
        <div role="alert" className="alert alert-error alert-soft">
          {apply
            ? NOTHING_APPLIED
            : `${count(report.errors.length, 'problem')}: fix ${report.errors.length === 1 ? 'it' : 'them'} and check the file again`}
        </div>
        <div className="mt-2 overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">Problems of the file</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((issue) => (
                <tr key={`${issue.row}|${issue.column}`}>
                  <td>{issue.row === 1 ? 'Header' : issue.row}</td>
                  <td>{issue.column || '—'}</td>
                  <td>{issue.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    );
  }
  const shown = report.changes.filter((c) => c.action !== 'unchanged').slice(0, 200);
  return (
    <div className="mt-4">
      <div role="status" className={`alert alert-soft ${apply ? 'alert-success' : 'alert-info'}`}>
        {apply ? `Imported: ${countsText(report.counts)}.` : `Ready to import: ${countsText(report.counts)}.`}
        {apply && productsLink}
      </div>
      {shown.length > 0 && (
        <div className="mt-2 overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">What the file {apply ? 'did' : 'will do'}</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Product</th>
                <th scope="col">SKUs</th>
                <th scope="col">Change</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((change) => (
                <tr key={change.row}>
                  <td>{change.row}</td>
                  <td>{change.name}</td>
                  <td>{change.skus.join(', ')}</td>
                  <td>{ACTION_TEXT[change.action]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
