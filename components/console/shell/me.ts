'use client';

import { createContext, useContext } from 'react';
import type { ConsoleMe } from '@/lib/api/console/schemas/staff';

export const MeContext = createContext<ConsoleMe | null>(null);

/** The member signed in (inside the console's shell). */
export function useMe(): ConsoleMe {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside the console shell');
  return me;
}
