/** The demo accounts seeded on a fresh instance (D6); the login page shows them as a hint. */
export const demoAccounts = [
  {
    username: 'admin',
    email: 'admin@demo.cadence.app',
    password: 'admin-demo-2026',
    fullName: 'Ada Admin',
    role: 'admin',
  },
  {
    username: 'client',
    email: 'client@demo.cadence.app',
    password: 'client-demo-2026',
    fullName: 'Carl Client',
    role: 'client',
  },
] as const;
