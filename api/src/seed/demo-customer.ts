/**
 * The demo customer created on first start. The README prints these credentials and the server
 * logs them after seeding, so anyone can sign in to a fresh install.
 */
export const DEMO_CUSTOMER = {
  username: 'demo',
  email: 'demo@curbrun.test',
  password: 'Demo#2026pass',
  firstName: 'Dana',
  lastName: 'Rivera',
} as const;
