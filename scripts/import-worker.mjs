// The parsing thread of `npm run data:import` on PostgreSQL (lib/server/services/market/import-parallel.ts):
// loads the TypeScript worker through tsx, as the command itself is.
import { register } from 'tsx/esm/api';

register();
await import('../lib/server/services/market/import-worker.ts');
