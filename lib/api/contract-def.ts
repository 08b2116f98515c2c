import type { z } from 'zod';
import type { StaffRole } from './console/roles';
import { empty, unknownResponse } from './schemas/common';

/**
 * Who may make a call (docs/access-policy.md); the dispatcher enforces it before the handler runs:
 * - `'user'`: any logged-in account; `'staff'`: a logged-in account holding any console role;
 * - a list of console roles (`['editor']`): a console login (12 hours) of a member holding one
 *   of them, or `admin`. A customer, or a member without the role, gets 403.
 */
export const ROLES = ['user', 'staff'] as const;
export type Role = (typeof ROLES)[number];
export type ConsoleAccess = readonly StaffRole[];
export type Access = 'public' | Role | ConsoleAccess;

/** What contract.ts declares of a call beside its route: who may make it, its shapes and summary. */
export type Shape = {
  query: z.ZodType;
  body: z.ZodType;
  auth: Access;
  response: z.ZodType;
  summary: string;
  extra?: true;
  /**
   * A console write: the dispatcher runs its handler in one transaction with the audit records
   * it makes (docs/console.md "Audit log"); a write that records nothing is rolled back.
   */
  audit?: true;
  /** The most the JSON body may weigh, when a call takes more than the usual 1 MiB (a price file). */
  maxBodyBytes?: number;
};

/** A call's shapes, with the defaults (no query, no body, public, any answer) filled in. */
export const def = <const D extends Partial<Shape> & Pick<Shape, 'summary'>>(d: D) =>
  ({ query: empty, body: empty, auth: 'public', response: unknownResponse, ...d }) as Omit<Shape, keyof D> &
    D & { auth: D['auth'] extends Access ? D['auth'] : 'public' };
