/** Formatters by zone: Intl does the zone's offsets and daylight saving; building one is slow, so they are kept. */
const formats = new Map<string, { day: Intl.DateTimeFormat; clock: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }>();

function formatsOf(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }),
      clock: new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
      zone: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
    };
    formats.set(timeZone, found);
  }
  return found;
}

/** "Sat 28 Nov, 09:00–12:00 PST": a window in the shop's zone, named by its abbreviation at the start. */
export function windowLabel(start: string, end: string, timeZone: string): string {
  const { day, clock, zone } = formatsOf(timeZone);
  const from = new Date(start);
  const abbreviation = zone.formatToParts(from).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return `${day.format(from).replace(',', '')}, ${clock.format(from)}–${clock.format(new Date(end))} ${abbreviation}`;
}
