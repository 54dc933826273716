import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toasts } from './Toasts.tsx';
import { toast } from './toast.ts';

describe('Toasts', () => {
  it('adds nothing to the page at first; a toast sent before the container loads then shows', async () => {
    const { container } = render(<Toasts />);
    expect(container.innerHTML).toBe('');
    act(() => toast.success('Apples are in your cart'));
    // The library's first import can take a few seconds on a loaded machine.
    expect(await screen.findByText('Apples are in your cart', {}, { timeout: 10_000 })).toBeTruthy();
    act(() => toast.error('The shop is closed'));
    expect(await screen.findByText('The shop is closed')).toBeTruthy();
  });
});
