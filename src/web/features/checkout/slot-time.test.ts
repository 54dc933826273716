import { describe, expect, it } from 'vitest';
import type { Slot } from '#contract/slots.ts';
import { testSlot } from '../../test/checkout-plan.ts';
import { slotLabel, windowLabel } from './slot-time.ts';

const slot = (extra: Partial<Slot>) => testSlot('slot-1', extra);

describe('slot labels', () => {
  it('read in the shop’s zone with its abbreviation, whatever the browser’s zone', () => {
    expect(slotLabel(slot({}), 'America/Los_Angeles')).toBe('Sat 28 Nov, 09:00–12:00 PST · 4 left');
    // The same instants for a shop in New York.
    expect(windowLabel('2026-11-28T09:00:00-08:00', '2026-11-28T12:00:00-08:00', 'America/New_York')).toBe(
      'Sat 28 Nov, 12:00–15:00 EST',
    );
  });

  it('follow daylight saving: summer time before the change, standard time after it', () => {
    expect(windowLabel('2026-10-31T09:00:00-07:00', '2026-10-31T12:00:00-07:00', 'America/Los_Angeles')).toBe(
      'Sat 31 Oct, 09:00–12:00 PDT',
    );
    expect(windowLabel('2026-11-01T09:00:00-08:00', '2026-11-01T12:00:00-08:00', 'America/Los_Angeles')).toBe(
      'Sun 1 Nov, 09:00–12:00 PST',
    );
  });

  it('say why a slot cannot be chosen instead of its places', () => {
    expect(slotLabel(slot({ status: 'full', remaining: 0 }), 'America/Los_Angeles')).toMatch(/ · full$/);
    expect(slotLabel(slot({ status: 'closed' }), 'America/Los_Angeles')).toMatch(/ · ordering closed$/);
    expect(slotLabel(slot({ status: 'cancelled' }), 'America/Los_Angeles')).toMatch(/ · cancelled$/);
  });
});
