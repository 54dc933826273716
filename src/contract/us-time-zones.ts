/** Time zones by the names people use: the US zones first, each state's usual zone (issue 33, item 2). */

/** The US zones a shop here is most likely in, by friendly name. */
export const US_TIME_ZONES = [
  ['America/New_York', 'Eastern (New York)'],
  ['America/Chicago', 'Central (Chicago)'],
  ['America/Denver', 'Mountain (Denver)'],
  ['America/Phoenix', 'Mountain, no daylight saving (Phoenix)'],
  ['America/Los_Angeles', 'Pacific (Los Angeles)'],
  ['America/Anchorage', 'Alaska (Anchorage)'],
  ['Pacific/Honolulu', 'Hawaii (Honolulu)'],
] as const;

const [EASTERN, CENTRAL, MOUNTAIN, ARIZONA, PACIFIC, ALASKA, HAWAII] = US_TIME_ZONES.map(([zone]) => zone);

/** Each state's zone where most of its people live (a state across two zones takes its larger part's). */
const BY_STATE: Record<string, string> = {
  AK: ALASKA,
  AL: CENTRAL,
  AR: CENTRAL,
  AZ: ARIZONA,
  CA: PACIFIC,
  CO: MOUNTAIN,
  CT: EASTERN,
  DC: EASTERN,
  DE: EASTERN,
  FL: EASTERN,
  GA: EASTERN,
  HI: HAWAII,
  IA: CENTRAL,
  ID: MOUNTAIN,
  IL: CENTRAL,
  IN: EASTERN,
  KS: CENTRAL,
  KY: EASTERN,
  LA: CENTRAL,
  MA: EASTERN,
  MD: EASTERN,
  ME: EASTERN,
  MI: EASTERN,
  MN: CENTRAL,
  MO: CENTRAL,
  MS: CENTRAL,
  MT: MOUNTAIN,
  NC: EASTERN,
  ND: CENTRAL,
  NE: CENTRAL,
  NH: EASTERN,
  NJ: EASTERN,
  NM: MOUNTAIN,
  NV: PACIFIC,
  NY: EASTERN,
  OH: EASTERN,
  OK: CENTRAL,
  OR: PACIFIC,
  PA: EASTERN,
  PR: 'America/Puerto_Rico',
  RI: EASTERN,
  SC: EASTERN,
  SD: CENTRAL,
  TN: CENTRAL,
  TX: CENTRAL,
  UT: MOUNTAIN,
  VA: EASTERN,
  VT: EASTERN,
  WA: PACIFIC,
  WI: CENTRAL,
  WV: EASTERN,
  WY: MOUNTAIN,
};

/** The usual zone of a US state (two letters), if known. */
export const timeZoneOfState = (state: string | null | undefined) => (state ? BY_STATE[state] : undefined);

/** "Pacific (Los Angeles)" for a US zone, "Europe/Paris" as it is for any other. */
export function timeZoneName(zone: string): string {
  return US_TIME_ZONES.find(([id]) => id === zone)?.[1] ?? zone.replaceAll('_', ' ');
}
