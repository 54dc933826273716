import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type APIRequestContext, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page as it is now and fails on serious or critical violations.
 * Journeys call it on every page they visit; the fixture also checks the last page of every test, unless the test's
 * last check was of that page and nothing in it has changed since.
 * axe-core goes into each document once and every rule runs in one `axe.run` there (what @axe-core/playwright's
 * legacy mode does, without loading axe again on every check or, as its default does, opening a blank page to merge
 * frames' results): 8–10 s instead of 18–27 s a check on the home page of a loaded 2-core machine (decision 029).
 */
export async function checkA11y(page: Page) {
  for (const frame of page.frames()) {
    // A frame that is gone or from another origin is left out, as in @axe-core/playwright's legacy mode.
    await frame.evaluate(`typeof window.axe === 'object' || (() => { ${AXE_SOURCE}\n })()`).catch(() => undefined);
  }
  const results: AxeResults = await page.evaluate(
    `(async () => { ${SETTLE_TRANSITIONS}; return window.axe.run(document); })()`,
  );
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = severe.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} → ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
  expect(report, `accessibility violations on ${page.url()}`).toEqual([]);
  // A document that is already gone (the page navigated on) needs no mark: the fixture's check sees a new one.
  await page.evaluate(WATCH_FOR_CHANGES).catch(() => undefined);
}

/**
 * Lets the page's short transitions and animations end (those due within a second: a button's hover colour, a
 * dialog fading in): axe reads the colours as drawn, and mid-transition a button's red text on its half-filled red
 * background measured a contrast of 1.15 (CI, 2026-11-24). Endless ones (a spinner) and long ones (a toast's
 * countdown bar) are not waited for, nor paused ones, which would never end; nor, past 2 s, one whose end never
 * comes (a check waited out the journey's 2 minutes in the fresh-clone CI of 2026-11-24 on the pick list).
 */
const SETTLE_TRANSITIONS = `await Promise.race([Promise.all(document.getAnimations().filter((a) => {
  const timing = a.effect?.getComputedTiming();
  return a.playState === 'running' && timing !== undefined && timing.endTime - (timing.localTime ?? 0) <= 1000;
}).map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2000))])`;

/** After a check, marks the document as checked until anything in it changes (a navigation starts a new one). */
const WATCH_FOR_CHANGES = `(() => {
  window.__checkedUnchanged = true;
  new MutationObserver((_, observer) => {
    window.__checkedUnchanged = false;
    observer.disconnect();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})()`;

/** Whether the page is the very document `checkA11y` last checked, with nothing in it changed since. */
async function checkedAndUnchanged(page: Page): Promise<boolean> {
  return (await page.evaluate('window.__checkedUnchanged === true').catch(() => false)) === true;
}

/** A calendar day `days` away from today (negative: in the past) as YYYY-MM-DD, in this machine's time zone. */
export function dayFromToday(days: number): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

type PlanShop = { shopId: string; shopName: string };
type ShopSlot = { id: string; kind: 'pickup' | 'delivery'; status: string };

/**
 * For journeys that are not about pickup and delivery: books the first open pickup slot of each shop in the
 * shopper's cart through the API (pickup adds no fee, so the cart's totals stay those of its goods). Call it once the
 * cart holds its last shop.
 */
export async function choosePickupSlots(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const plan = await request.get('/api/cart/fulfilment', { headers });
  expect(plan.ok(), `the cart's pickup and delivery: ${await plan.text()}`).toBe(true);
  for (const shop of (await plan.json()).shops as PlanShop[]) {
    const list = await request.get(`/api/shops/${shop.shopId}/slots`);
    expect(list.ok(), `slots of ${shop.shopName}: ${await list.text()}`).toBe(true);
    const slots = (await list.json()).slots as ShopSlot[];
    // A shop without any slots arranges the handover itself: there is nothing to choose.
    if (slots.length === 0) continue;
    const slot = slots.find((s) => s.kind === 'pickup' && s.status === 'open');
    expect(slot, `an open pickup slot at ${shop.shopName}`).toBeTruthy();
    const chosen = await request.put(`/api/cart/fulfilment/${shop.shopId}`, {
      headers,
      data: { slotId: slot?.id, note: null },
    });
    expect(chosen.ok(), `pickup at ${shop.shopName}: ${await chosen.text()}`).toBe(true);
  }
}

/**
 * Waits until a server-rendered page has been taken over by the browser (hydrated): before that it shows, but a
 * click or a key does nothing of the app's. The navbar's account check, which only the browser runs, has ended.
 */
export async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-app', 'ready');
  await expect(page.getByRole('status', { name: 'Checking your account' })).toHaveCount(0);
}

/** Uncaught page errors fail the test, so a broken page never passes unnoticed. */
/**
 * Under `npm run test:at`, Chromium keeps the real time (libfaketime is not loaded into it): the context's pages are
 * given the tests' moved clock, which then runs on. Every context a journey makes goes through it.
 */
export async function withTestClock(context: BrowserContext): Promise<BrowserContext> {
  if (process.env.FAKETIME) await context.clock.setSystemTime(Date.now());
  return context;
}

export const test = base.extend<{ pageErrors: string[] }>({
  context: async ({ context }, use) => {
    await use(await withTestClock(context));
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      // The last page of every test, unless the test's own last check was of this page as it still is.
      if (!page.isClosed() && page.url().startsWith('http') && !(await checkedAndUnchanged(page)))
        await checkA11y(page);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
