import { hash } from '@node-rs/argon2';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hashCheaplyInTests, hashPassword, verifyPassword } from './passwords.ts';

describe('password hashing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('cannot be made cheap outside the test runner', () => {
    vi.stubEnv('VITEST', undefined);
    expect(() => hashCheaplyInTests()).toThrow('Cheap password hashing is for the test runner only');
  });

  it('checks a hash made at the real cost as well as one made cheaply', async () => {
    // As a server stored it (the demo's and real accounts are hashed by the server process).
    const strong = await hash('Fresh#2026', { memoryCost: 19456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword(strong, 'Fresh#2026')).toBe(true);
    expect(await verifyPassword(strong, 'Fresh#2027')).toBe(false);
    const cheap = await hashPassword('Fresh#2026');
    expect(cheap.split('$')[3]).toBe('m=64,t=1,p=1');
    expect(await verifyPassword(cheap, 'Fresh#2026')).toBe(true);
    expect(await verifyPassword(cheap, 'Fresh#2027')).toBe(false);
  });
});
