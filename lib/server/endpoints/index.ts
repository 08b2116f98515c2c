import 'server-only';
import type { HandlerMap } from '../http/handler';
import { accountHandlers } from './accounts';
import { marketHandlers } from './market';
import { memberHandlers } from './members';

/** Every implemented call; calls absent here answer code 404 "unknown call". */
export const registry: HandlerMap = {
  ...accountHandlers,
  ...memberHandlers,
  ...marketHandlers,
};
