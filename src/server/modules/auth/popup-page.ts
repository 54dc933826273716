import { GOOGLE_CHANNEL } from '#contract/google-sign-in.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The last page of the Google popup. The strict CSP forbids inline script, so the result rides in data
 * attributes and the external script below tells the opening tab (same origin) and closes the window.
 * No token is in the page: the opener renews its session through the refresh cookie just set.
 */
export function popupResultPage(result: { ok: true } | { ok: false; error: string }): string {
  const text = result.ok ? 'You are signed in. You can close this window.' : result.error;
  const error = result.ok ? '' : escapeHtml(result.error);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Google sign-in · Farmstall</title>
<script src="/api/auth/google/popup.js" defer></script>
</head>
<body data-result="${result.ok ? 'ok' : 'error'}" data-error="${error}" style="font-family: sans-serif; padding: 2rem; color: #253d4e">
<h1 style="font-size: 1.25rem">Farmstall</h1>
<p>${escapeHtml(text)}</p>
</body>
</html>`;
}

export const POPUP_SCRIPT = `(() => {
  const { result, error } = document.body.dataset;
  const message = result === 'ok' ? { ok: true } : { ok: false, error: error || 'Google sign-in failed.' };
  try {
    const channel = new BroadcastChannel(${JSON.stringify(GOOGLE_CHANNEL)});
    channel.postMessage(message);
    channel.close();
  } catch {}
  setTimeout(() => window.close(), 150);
})();
`;
