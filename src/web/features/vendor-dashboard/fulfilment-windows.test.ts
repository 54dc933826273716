import { describe, expect, it } from 'vitest';
import { timeZoneName, timeZoneOfState } from '#contract/us-time-zones.ts';
import { windowTitle } from './fulfilment-windows.tsx';

describe('the names on the pickup and delivery form', () => {
  it('name each window by its day, times and place, as typed so far', () => {
    const saturday = { weekday: 'saturday', start: '09:00', end: '13:00' } as const;
    expect(windowTitle(saturday, 'Hood River Farmers Market')).toBe('Saturday 9:00–13:00 at Hood River Farmers Market');
    expect(windowTitle({ ...saturday, weekday: 'wednesday' }, null)).toBe('Wednesday 9:00–13:00 delivery');
    expect(windowTitle({ ...saturday, end: '' }, 'the farm stand')).toBe('A time at the farm stand');
    expect(windowTitle(undefined, null)).toBe('A delivery time');
  });

  it('name time zones as people say them, and find a state’s', () => {
    expect(timeZoneName('America/Los_Angeles')).toBe('Pacific (Los Angeles)');
    expect(timeZoneName('Europe/Paris')).toBe('Europe/Paris');
    expect(timeZoneName('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos Aires');
    expect(timeZoneOfState('OR')).toBe('America/Los_Angeles');
    expect(timeZoneOfState('NY')).toBe('America/New_York');
    expect(timeZoneOfState('AZ')).toBe('America/Phoenix');
    expect(timeZoneOfState(null)).toBeUndefined();
  });
});
