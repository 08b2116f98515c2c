import 'server-only';
import { registryOf } from '../../http/handler';
import { consoleAccessHandlers } from './access';

/** The console's handlers (docs/console.md), one map per area; lib/server/endpoints/index.ts adds them. */
export const consoleHandlers = registryOf(consoleAccessHandlers);
