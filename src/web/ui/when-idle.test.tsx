import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

afterEach(() => vi.useRealTimers());

/** Whether the promise has settled once pending callbacks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('whenIdle', () => {
  it('waits for the browser to be idle after the page loaded', async () => {
    vi.useFakeTimers();
    const idle = whenIdle();
    expect(await settled(idle)).toBe(false);
    vi.advanceTimersByTime(1500);
    expect(await settled(idle)).toBe(true);
  });

  it('comes at once on the first tap or key, before the browser is idle', async () => {
    vi.useFakeTimers();
    const tapped = whenIdle();
    const typed = whenIdle();
    expect(await settled(tapped)).toBe(false);
    window.dispatchEvent(new Event('pointerdown'));
    expect(await settled(tapped)).toBe(true);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(await settled(typed)).toBe(true);
  });
});
