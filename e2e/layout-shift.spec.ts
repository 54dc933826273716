import type { Page } from '@playwright/test';
import { expect, test, withTestClock } from './fixtures.ts';
import { publicPages } from './public-pages.ts';

/**
 * Nothing jumps while a public page loads (issue 14, item 9): the layout shifts a page makes without input, summed
 * once it has settled, stay at 0.05 or less on a phone and a desktop, on a first visit and on a visit with the code
 * already cached (data then arrives after the first paint).
 */

// Each test visits many pages; a loaded CI machine gets room beyond the default minute.
test.describe.configure({ timeout: 120_000 });

const MAX_SHIFT = 0.05;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** Records every layout shift of the page from its start, with what moved. */
function recordShifts() {
  const shifts: { value: number; moved: string[] }[] = [];
  const describe = (node: Node | null) =>
    node instanceof Element ? `${node.tagName.toLowerCase()}.${String(node.className).slice(0, 60)}` : String(node);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null }[];
    })[]) {
      if (!entry.hadRecentInput) shifts.push({ value: entry.value, moved: entry.sources.map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  Object.defineProperty(window, 'layoutShifts', { get: () => shifts });
}

/** The page's shifts once it has settled: its requests done, fonts and the pictures on screen loaded. */
async function settledShifts(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    const onScreen = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.width > 0 && box.top < innerHeight && box.bottom > 0 && box.left < innerWidth && box.right > 0;
    });
    await Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
  return page.evaluate(
    () => (window as unknown as { layoutShifts: { value: number; moved: string[] }[] }).layoutShifts,
  );
}

/** The pages' shifts on a first visit and again with the code cached (data then comes after the first paint). */
async function checkShifts(page: Page, pages: string[], width: number) {
  for (const path of pages) {
    for (const visit of ['first visit', 'cached visit']) {
      const shifts = await settledShifts(page, path);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      const moved = shifts.map((s) => `${s.value.toFixed(3)}: ${s.moved.join(', ')}`).join('; ');
      expect
        .soft(total, `${path} (${visit}) shifts ${total.toFixed(3)} at ${width} px: ${moved}`)
        .toBeLessThanOrEqual(MAX_SHIFT);
    }
  }
}

for (const viewport of VIEWPORTS) {
  for (const half of [0, 1]) {
    test(`public pages do not jump while they load at ${viewport.width}×${viewport.height} (part ${half + 1})`, async ({
      browser,
      request,
    }) => {
      const pages = await publicPages(request);
      const context = await withTestClock(
        await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL }),
      );
      await context.addInitScript(recordShifts);
      const page = await context.newPage();
      await checkShifts(
        page,
        pages.filter((_, i) => i % 2 === half),
        viewport.width,
      );
      await context.close();
    });
  }
}
