import { def } from '../../contract-def';
import {
  customerFindBody,
  customerHitSchema,
  customerIdBody,
  customerSchema,
  endSessionsBody,
  grantMembershipBody,
  grantOptionsSchema,
  grantRegionBody,
  lockBody,
} from '../schemas/customers';
import { z } from 'zod';

/** Customers (docs/console.md "Customers"): find, look, grant, end sessions, lock; every write audited with its reason. */
export const customerCalls = {
  ConsoleCustomerFind: def({
    auth: ['support'],
    body: customerFindBody,
    response: z.array(customerHitSchema),
    summary: 'Console: accounts whose phone is or ends with the digits given (at most 20)',
    extra: true,
  }),
  ConsoleCustomer: def({
    auth: ['support'],
    body: customerIdBody,
    response: customerSchema,
    summary: "Console: an account's memberships, holdings, orders, feedback and sessions",
    extra: true,
  }),
  ConsoleGrantOptions: def({
    auth: ['support'],
    response: grantOptionsSchema,
    summary: 'Console: the membership levels and data products staff may grant',
    extra: true,
  }),
  ConsoleGrantMembership: def({
    auth: ['support'],
    body: grantMembershipBody,
    response: customerSchema,
    summary: 'Console: grant a membership level, or extend the running one, by months, with a reason',
    audit: true,
    extra: true,
  }),
  ConsoleGrantRegion: def({
    auth: ['support'],
    body: grantRegionBody,
    response: customerSchema,
    summary: "Console: grant a data product's region, or extend it, by months, with a reason",
    audit: true,
    extra: true,
  }),
  ConsoleEndSessions: def({
    auth: ['support'],
    body: endSessionsBody,
    response: customerSchema,
    summary: "Console: end one or all of an account's sessions, with a reason",
    audit: true,
    extra: true,
  }),
  ConsoleLockCustomer: def({
    auth: ['support'],
    body: lockBody,
    response: customerSchema,
    summary: 'Console: lock an account (no login, its sessions end) or unlock it, with a reason',
    audit: true,
    extra: true,
  }),
};
