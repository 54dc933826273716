/** An IANA time zone name (America/Los_Angeles) that Intl knows; PostgreSQL reads the same names. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return /^[A-Za-z0-9_+\-/]+$/.test(name);
  } catch {
    return false;
  }
}
