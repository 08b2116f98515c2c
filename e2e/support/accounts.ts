// The seeded demo accounts (lib/server/seed/accounts.ts), without importing
// server modules into the test runner.
export const CUSTOMER = { phone: '13800000001', password: 'Demo12345' } as const;
export const STAFF = { phone: '13800000002', password: 'Staff12345' } as const;
export const FREE = { phone: '13800000003', password: 'Demo12345' } as const;
