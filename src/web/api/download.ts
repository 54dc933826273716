import { parseResponse, TOKEN_KEY } from './client.ts';

/**
 * Fetches a file of the API with the bearer token (a plain link could not send it) and saves it through an
 * object URL.
 */
export async function downloadFile(url: string, fileName: string) {
  const token = localStorage.getItem(TOKEN_KEY);
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) await parseResponse(response);
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}
