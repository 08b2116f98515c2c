import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/console/shell/console-shell';

export default function ConsoleShellLayout({ children }: { children: ReactNode }) {
  return <ConsoleShell>{children}</ConsoleShell>;
}
