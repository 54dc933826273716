import { useMutation } from '@tanstack/react-query';
import { routeUrl } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';

export const downloadInvoice = (id: string, fileName: string) =>
  downloadFile(routeUrl('GET /invoice/:id/pdf', { id }), fileName);

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: ({ id, fileName }: { id: string; fileName: string }) => downloadInvoice(id, fileName),
  });
}
