// Messages the console's calls send (see server.en.ts, which spreads these in): `console.<name>`.
import type { Template } from '../format';

export const serverConsoleEn = {
  'console.roleMissing': 'Your console roles do not include this.',
  'console.notStaff': 'This account has no console role. Ask an administrator to grant one.',
} as const satisfies Record<string, Template>;
