import { afterEach, beforeEach, vi } from 'vitest';
import { hashCheaplyInTests } from '../modules/users/index.ts';

// Test accounts are hashed with argon2's smallest work (server processes the tests start keep the real cost).
hashCheaplyInTests();

// A test that makes the code print an error fails, so no error goes unnoticed.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called: ${errors.map((a) => a.join(' ')).join('\n')}`);
});
