// Messages the console's calls send (see server.en.ts, which spreads these in): `console.<name>`.
import type { Template } from '../format';

export const serverConsoleEn = {
  'console.roleMissing': 'Your console roles do not include this.',
  'console.notStaff': 'This account has no console role. Ask an administrator to grant one.',
  'console.ratesFile': 'is a file of exchange rates: import it from the command line (npm run data:import)',
  'console.notSupport': 'is not a support member: assign to someone holding the support or admin role',
  'console.isStaff': 'is a staff account: staff accounts are managed from the command line (npm run staff:grant)',
  'console.noUser': 'no account has this id',
  'console.noLevel': 'is not a membership level',
  'console.noProduct': 'is not a data product',
  'console.noRegion': 'is not a region',
  'console.notTheirSession': 'is not one of this account’s sessions',
  'console.noRejects': 'This import rejected no row: it has no rejects file.',
  'console.productMapped': 'This commodity is already a catalogue product.',
  'console.categoryUnknown': 'names no category',
  // Orders and refunds (support)
  'console.noOrder': 'No order has this id.',
  'console.notPaid': 'Only a paid order can be refunded.',
  'console.otherProvider':
    'This order was paid through {provider}, which is not the payment provider now: refund it there.',
  'console.refundRefused': 'The payment provider refused the refund: {why}',
  'console.freeLevel': 'is the free level: it has no prices',
  'console.noRank': 'is the rank of no membership level',
} as const satisfies Record<string, Template>;
