import { def } from '../../contract-def';
import { loginBody } from '../../schemas/user';
import { STAFF_ROLES } from '../roles';
import { consoleLoginSchema, consoleMeSchema } from '../schemas/staff';

/** Logging in to the console and out of it (docs/access-policy.md "Staff roles"). */
export const accessCalls = {
  ConsoleLogin: def({
    body: loginBody,
    response: consoleLoginSchema,
    summary: 'Console: log in with phone and password (staff only); the session lasts 12 hours',
    extra: true,
  }),
  ConsoleMe: def({
    auth: STAFF_ROLES,
    response: consoleMeSchema,
    summary: 'Console: the member signed in, their roles and when the login ends',
    extra: true,
  }),
  ConsoleLogout: def({
    auth: STAFF_ROLES,
    summary: 'Console: end this console login',
    extra: true,
  }),
};
