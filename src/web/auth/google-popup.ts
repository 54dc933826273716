import { GOOGLE_CHANNEL, type GoogleSignInMessage } from '#contract/google-sign-in.ts';

const WAIT_MS = 10 * 60 * 1000;

/**
 * Opens the Google sign-in popup (call it straight from a click, or the browser blocks it) and resolves
 * once the popup reports success over a same-origin BroadcastChannel; rejects with the popup's reason.
 */
export function googlePopup(): Promise<void> {
  const width = 500;
  const height = 640;
  const left = window.screenX + Math.max(0, (window.outerWidth - width) / 2);
  const top = window.screenY + Math.max(0, (window.outerHeight - height) / 2);
  const popup = window.open(
    '/api/auth/google/start',
    'farmstall-google',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) return Promise.reject(new Error('Your browser blocked the sign-in window. Allow pop-ups for this site.'));

  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(GOOGLE_CHANNEL);
    const timer = window.setTimeout(
      () => finish(new Error('Google sign-in took too long. Please try again.')),
      WAIT_MS,
    );
    function finish(error?: Error) {
      window.clearTimeout(timer);
      channel.close();
      try {
        popup?.close();
      } catch {
        // The provider may have cut the popup off from this window; it closes itself.
      }
      if (error) reject(error);
      else resolve();
    }
    channel.onmessage = (event: MessageEvent<GoogleSignInMessage>) => {
      const message = event.data;
      finish(message.ok ? undefined : new Error(message.error));
    };
  });
}
