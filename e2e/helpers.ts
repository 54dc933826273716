import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { decoded } from './mail.ts';

/**
 * The journeys' helpers: unique names, signing in through the API, a fresh customer, screenshots. The test itself
 * (its page checks and clock) is in fixtures.ts; paying and following an order in order-fixtures.ts.
 */

const SHOTS = process.env.E2E_SCREENSHOTS ?? '';

/**
 * What a whole-page screenshot shows as a shopper scrolling down would: parts below the first screen are painted only
 * near the view (`below-fold`, content-visibility), and a screenshot of the whole page does not scroll.
 */
export const WHOLE_PAGE = '.below-fold { content-visibility: visible !important; }';

/**
 * A screenshot (of the whole page unless told otherwise) into E2E_SCREENSHOTS, when set; CI takes none. With `widths`,
 * one a width (`<name>-<width>.png`, 900 px high, from the top of the page), and the page is then given back the
 * default 1280×720.
 */
export async function shot(
  page: Page,
  name: string,
  { fullPage = true, widths }: { fullPage?: boolean; widths?: number[] } = {},
) {
  if (!SHOTS) return;
  if (!widths) {
    await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage, style: WHOLE_PAGE, animations: 'disabled' });
    return;
  }
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: `${SHOTS}/${name}-${width}.png`,
      fullPage,
      style: WHOLE_PAGE,
      animations: 'disabled',
    });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** The widths most journeys photograph a page at: a phone and a laptop. */
export const PHONE_AND_LAPTOP = [390, 1280];

/**
 * A string no other run or parallel journey has made (time and chance, base 36), for e-mails, shop and product names
 * and codes that must not collide: `unique()`, or `unique('label')` for `label-…`.
 */
export const unique = (label?: string) => {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return label ? `${label}-${id}` : id;
};

/** Headers that sign an API request in with an access token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Signs in through the API (POST /api/jwt) and answers the access token. */
export async function tokenOf(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<string> {
  const response = await request.post('/api/jwt', { data: account });
  expect(response.ok(), `sign in as ${account.email}: ${await response.text()}`).toBe(true);
  return (await response.json()).token as string;
}

/**
 * A fresh customer (`<prefix>-<unique>@example.com`), so the journey never shares a cart with another (journeys run
 * in parallel); answers the account, its name and an access token. Its e-mail is verified through the e-mailed link
 * unless `verified: false`.
 */
export async function registerCustomer(
  request: APIRequestContext,
  prefix: string,
  {
    name = 'Tess Tracker',
    password = 'Shopper#2026!',
    verified = true,
  }: { name?: string; password?: string; verified?: boolean } = {},
) {
  const account = { email: `${unique(prefix)}@example.com`, password };
  const created = await request.post('/api/users', { data: { name, ...account } });
  expect(created.ok(), await created.text()).toBe(true);
  if (verified) await verifyEmailOf(request, account.email);
  return { ...account, name, token: await tokenOf(request, account) };
}

/**
 * The newest e-mail to `to` whose text has every one of `phrases`, once at least `count` such e-mails were written
 * (polled): a link sent again voids the one before, so the newest is the one that works.
 */
export async function newestMailWith(to: string, phrases: string[], count = 1): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR as string, 'mail');
  let newest = '';
  await expect
    .poll(
      async () => {
        const found: { text: string; written: number }[] = [];
        for (const name of (await fs.readdir(folder).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'))) {
          const file = path.join(folder, name);
          const text = decoded(await fs.readFile(file, 'utf8'));
          // The server keeps (and writes to) e-mails in lower case.
          if (text.includes(`To: ${to.toLowerCase()}`) && phrases.every((phrase) => text.includes(phrase))) {
            found.push({ text, written: (await fs.stat(file)).mtimeMs });
          }
        }
        newest = found.sort((a, b) => a.written - b.written).at(-1)?.text ?? '';
        return found.length;
      },
      { timeout: 30_000, message: `${count} e-mail(s) to ${to} saying ${phrases.join(' … ')}` },
    )
    .toBeGreaterThanOrEqual(count);
  return newest;
}

/** The /verifyEmail?token=… link of the newest e-mail to `to` with that title (verification, or a new address's). */
export async function verifyEmailLink(
  to: string,
  { title = 'Verify your e-mail address for Farmstall', count = 1 }: { title?: string; count?: number } = {},
): Promise<string> {
  const link = /\/verifyEmail\?token=[A-Za-z0-9_-]+/.exec(await newestMailWith(to, [title], count))?.[0];
  expect(link, 'the e-mail carries the link').toBeTruthy();
  return link as string;
}

/**
 * Verifies a fresh sign-up's e-mail as its page does (the link's token, posted), so the account may register a shop,
 * connect payouts and post reviews (decision 048).
 */
export async function verifyEmailOf(request: APIRequestContext, email: string) {
  const token = new URL(await verifyEmailLink(email), 'http://link').searchParams.get('token');
  const confirmed = await request.post('/api/auth/email-verification/confirm', { data: { token } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

/** Signs the browser in with a token (the refresh cookie is not needed by these journeys), on the home page. */
export async function signInWith(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('access-token', value), token);
}

/** A real picture (one of the bundled emoji), for journeys that list a product or open a shop by the API. */
export const SAMPLE_PICTURE = path.resolve('node_modules/@lobehub/fluent-emoji-3d/assets/1f955.webp');

/** Uploads SAMPLE_PICTURE as the signed-in `token`'s user; answers its display URL (served, so no page 404s). */
export async function uploadPicture(request: APIRequestContext, token: string): Promise<string> {
  const uploaded = await request.post('/api/uploads', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      image: { name: 'carrot.webp', mimeType: 'image/webp', buffer: await fs.readFile(SAMPLE_PICTURE) },
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
  return (await uploaded.json()).data.display_url;
}

/** A card's price, the first dollar figure of its text ("$3.00 · $15.00/kg" is 3). */
export const firstPrice = (text: string) => Number(/\$([\d,]+(?:\.\d+)?)/.exec(text)?.[1].replaceAll(',', '') ?? NaN);
