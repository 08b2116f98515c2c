/**
 * The console's staff roles (docs/access-policy.md "Staff roles"). A console call names the roles
 * that may make it (`auth: ['editor']` in the contract); `admin` may make every console call.
 * Browser-safe: the console's navigation shows each member what their roles open.
 */
export const STAFF_ROLES = ['admin', 'editor', 'contributor', 'data', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (r: string): r is StaffRole => (STAFF_ROLES as readonly string[]).includes(r);

/** Whether someone holding `held` may make a call open to `allowed` (admin may make them all). */
export function rolesAllow(held: readonly string[], allowed: readonly StaffRole[]): boolean {
  return held.includes('admin') || held.some((r) => (allowed as readonly string[]).includes(r));
}

/** How long a console login lasts, from the login, whatever is done meanwhile. */
export const CONSOLE_SESSION_HOURS = 12;
