import { useMutation, useQuery } from '@tanstack/react-query';
import type { ColumnMapping, ImportColumns, ImportFields } from '#contract/catalogue-import.ts';
import { api, call, routeUrl } from './client.ts';
import { downloadFile } from './download.ts';

/** Saves the shop's catalogue as CSV (an admin names the shop). */
export function downloadCatalogue(shopId?: string) {
  const query = shopId ? `?shopId=${encodeURIComponent(shopId)}` : '';
  const day = new Date().toISOString().slice(0, 10);
  return downloadFile(`${routeUrl('GET /catalogue/export')}${query}`, `farmstall-catalogue-${day}.csv`);
}

/** The multipart form of an import: its fields first, then the file (the server reads them in that order). */
function importForm(file: Blob, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, 'catalogue.csv');
  return form;
}

/** A file's separator, headers and row count, with its columns matched by their headers. */
export const useFileColumns = () =>
  useMutation({
    mutationFn: (file: Blob) =>
      api<ImportColumns>('/catalogue/import/columns', { method: 'POST', body: importForm(file) }),
  });

/** Starts a dry run or an import; its job is then polled (useImportJob). */
export const useStartImport = () =>
  useMutation({
    mutationFn: ({ file, mapping, apply, shopId }: ImportFields & { file: Blob }) =>
      api<{ jobId: string }>('/catalogue/imports', {
        method: 'POST',
        body: importForm(file, { mapping: JSON.stringify(mapping), apply: String(apply), ...(shopId && { shopId }) }),
      }),
  });

/** The job's state and report, asked again every half second while it waits or runs. */
export const useImportJob = (id: string | null) =>
  useQuery({
    queryKey: ['catalogue-import', id],
    queryFn: () => call('GET /catalogue/imports/:id', { params: { id: id ?? '' } }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : 500;
    },
  });

const mappingKey = (shopId: string) => `farmstall:catalogue-columns:${shopId}`;

/** The columns the shop's last file was mapped with (this browser), for the headers this file has too. */
export function rememberedMapping(shopId: string, headers: readonly string[]): ColumnMapping {
  try {
    const saved = JSON.parse(localStorage.getItem(mappingKey(shopId)) ?? '{}') as ColumnMapping;
    return Object.fromEntries(
      Object.entries(saved).filter(([, header]) => header === null || headers.includes(header ?? '')),
    ) as ColumnMapping;
  } catch {
    return {};
  }
}

/** Keeps the mapping of a shop's file in this browser, so the next file's columns are matched the same way. */
export function rememberMapping(shopId: string, mapping: ColumnMapping) {
  try {
    localStorage.setItem(mappingKey(shopId), JSON.stringify(mapping));
  } catch {
    // A browser that keeps nothing (private mode, full storage) asks again next time.
  }
}
