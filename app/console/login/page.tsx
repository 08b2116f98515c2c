import { Suspense } from 'react';
import { ConsoleLogin } from '@/components/console/login/console-login';

export default function ConsoleLoginPage() {
  return (
    <Suspense>
      <ConsoleLogin />
    </Suspense>
  );
}
