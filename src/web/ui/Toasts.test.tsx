import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toasts } from './Toasts.tsx';
import { toast } from './toast.ts';

describe('Toasts', () => {
  it('adds nothing to the page until the first toast, which then shows', async () => {
    const { container } = render(<Toasts />);
    expect(container.innerHTML).toBe('');
    act(() => toast.success('Apples are in your cart'));
    expect(await screen.findByText('Apples are in your cart')).toBeTruthy();
    act(() => toast.error('The shop is closed'));
    expect(await screen.findByText('The shop is closed')).toBeTruthy();
  });
});
