import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP-recommended minimums (19 MiB, 2 passes): what every server process hashes with. */
const PASSWORD_HASHING = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
/** argon2's smallest work: for the API tests' own process, where thousands of test accounts are made. */
const TEST_HASHING = { memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

let hashing: typeof PASSWORD_HASHING | typeof TEST_HASHING = PASSWORD_HASHING;

/**
 * Makes this process hash with argon2's smallest work. Only the test runner (vitest, which sets VITEST) may: a
 * server that called it would throw at once instead of storing weak hashes. A hash keeps its own cost, so
 * `verifyPassword` checks weak and strong hashes alike.
 */
export function hashCheaplyInTests() {
  if (process.env.VITEST !== 'true') throw new Error('Cheap password hashing is for the test runner only');
  hashing = TEST_HASHING;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, hashing);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
