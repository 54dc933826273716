/** "Fri 4 Dec, 09:00 PST": an instant in a zone (a shop's), named by the zone's abbreviation at that instant. */
export function momentLabel(at: Date | string, timeZone: string): string {
  const instant = new Date(at);
  const day = instant.toLocaleDateString('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' });
  const time = instant.toLocaleTimeString('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  return `${day.replace(',', '')}, ${time} ${zone ?? timeZone}`;
}
