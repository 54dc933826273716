import { describe, expect, it } from 'vitest';
import { emailField, normalizeEmail } from './validation.ts';

describe('e-mail normalisation', () => {
  it('trims and lower-cases, and the parsed e-mail field gives the same value', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
    expect(emailField.parse('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });

  it('still refuses an empty, over-long or malformed address with the spec messages', () => {
    expect(emailField.safeParse('   ').error?.issues[0].message).toBe('This field is required');
    expect(emailField.safeParse(`${'a'.repeat(250)}@x.io`).error?.issues[0].message).toBe('E-mail is too long');
    expect(emailField.safeParse('Not An Address').error?.issues[0].message).toBe('Enter a valid e-mail address');
  });
});
