import type { UploadResponse } from '#contract/uploads.ts';
import { ApiError, parseResponse, routeUrl, TOKEN_KEY } from './client.ts';

/**
 * Uploads a picture to POST /api/uploads (multipart field `image`), reporting progress in percent.
 * XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function uploadImage(
  file: File,
  onProgress?: (pct: number) => void,
): Promise<{ display_url: string; thumb_url: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', routeUrl('POST /uploads'));
    const token = localStorage.getItem(TOKEN_KEY);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'The picture could not be sent. Check your connection.'));
    xhr.onload = () => {
      const response = new Response(xhr.responseText || null, {
        status: xhr.status,
        headers: { 'content-type': 'application/json' },
      });
      parseResponse<UploadResponse>(response).then((body) => {
        onProgress?.(100);
        resolve({ display_url: body.data.display_url, thumb_url: body.data.thumb.url });
      }, reject);
    };
    const form = new FormData();
    form.append('image', file);
    xhr.send(form);
  });
}
