import type { DemoAccount } from './index.ts';

/** The fixed demo sign-ins, shown in the README and the start-up log; journeys and tests rely on them. */
export const DEMO_ADMIN = {
  role: 'admin',
  name: 'Farmstall Admin',
  email: 'admin@farmstall.example',
  password: 'Admin#2026!',
} as const;
export const DEMO_VENDOR = {
  role: 'vendor',
  name: 'Maya Green',
  email: 'vendor@farmstall.example',
  password: 'Vendor#2026!',
} as const;
export const DEMO_CUSTOMER = {
  role: 'customer',
  name: 'Sam Shopper',
  email: 'customer@farmstall.example',
  password: 'Customer#2026!',
} as const;

export const DEMO_ACCOUNTS: DemoAccount[] = [DEMO_ADMIN, DEMO_VENDOR, DEMO_CUSTOMER].map(
  ({ role, email, password }) => ({
    role,
    email,
    password,
  }),
);

/** The other demo vendors and shoppers share this password (they are not listed at start-up). */
export const OTHER_DEMO_USERS_PASSWORD = 'Farmstall#2026!';
