import { z } from 'zod';
import { STAFF_ROLES } from '../roles';

export const staffRoleSchema = z.enum(STAFF_ROLES);

/** A console login: the token (kept apart from the site's), when it ends and what it may do. */
export const consoleLoginSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  roles: z.array(staffRoleSchema),
});
export type ConsoleLogin = z.infer<typeof consoleLoginSchema>;

/** Who is signed in to the console. */
export const consoleMeSchema = z.object({
  id: z.string(),
  phone: z.string(),
  nickname: z.string(),
  roles: z.array(staffRoleSchema),
  expiresAt: z.string(),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;
