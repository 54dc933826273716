/**
 * Debian's Chromium (or CHROMIUM_PATH) and the flags every tool here launches it with: no sandbox (root), no GPU,
 * and none of the background connections this machine's closed network would refuse.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
