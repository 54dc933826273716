import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './Countdown.tsx';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(new Date('2026-11-29T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const shown = () => screen.getByRole('timer', { name: 'Deal ends in' }).textContent;

describe("a deal's countdown", () => {
  it('starts at 15 days for a new deal and ends when the deal does, at 0 seconds', () => {
    render(<Countdown endsAt="2026-12-14T12:00:00.000Z" />);
    expect(shown()).toBe('15Days0Sec');

    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBe('14Days23Hours59Mins59Sec');

    act(() => vi.setSystemTime(new Date('2026-12-14T11:58:30Z')));
    act(() => vi.advanceTimersByTime(1000));
    expect(shown()).toBe('1Mins29Sec');

    act(() => vi.advanceTimersByTime(89_000));
    expect(shown()).toBe('0Sec');
    act(() => vi.advanceTimersByTime(60_000));
    expect(shown()).toBe('0Sec');
  });
});
