'use client';

import { QueryClientProvider } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, type ReactNode } from 'react';
import { installErrorHandler } from '@/components/shared/errors/error-handler';
import { getQueryClient } from '@/lib/api/query-client';
import { OfflineBanner } from '@/components/shared/network/offline-banner';
import { SessionBootstrap } from './session-bootstrap';

/**
 * Client providers of every page: the query cache, the global error handler
 * (docs/api.md), the session start-up and the offline banner (docs/screens.md). No antd here:
 * the dialogs load only when a call fails.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const router = useRouter();
  useEffect(() => installErrorHandler({ navigate: (path) => router.push(path) }), [router]);
  return (
    <QueryClientProvider client={getQueryClient()}>
      <SessionBootstrap />
      {children}
      <OfflineBanner />
    </QueryClientProvider>
  );
}
