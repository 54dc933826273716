import { useMutation } from '@tanstack/react-query';
import { parseResponse, routeUrl, TOKEN_KEY } from '../../api/client.ts';

/**
 * Fetches the invoice PDF with the bearer token (a plain link could not send it) and saves it through an
 * object URL.
 */
export async function downloadInvoice(id: string, fileName: string) {
  const token = localStorage.getItem(TOKEN_KEY);
  const response = await fetch(routeUrl('GET /invoice/:id/pdf', { id }), {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) await parseResponse(response);
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useDownloadInvoice() {
  return useMutation({
    mutationFn: ({ id, fileName }: { id: string; fileName: string }) => downloadInvoice(id, fileName),
  });
}
