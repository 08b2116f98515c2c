import 'server-only';
import type { HandlerMap } from '../http/handler';
import { accountHandlers } from './accounts';
import { commerceHandlers } from './commerce';
import { feedbackHandlers } from './feedback';
import { contentHandlers } from './content';
import { dataProductHandlers } from './data-products';
import { marketHandlers } from './market';
import { memberHandlers } from './members';
import { platformHandlers } from './platforms';

/** Every implemented call; calls absent here answer code 404 "unknown call". */
export const registry: HandlerMap = {
  ...accountHandlers,
  ...memberHandlers,
  ...commerceHandlers,
  ...dataProductHandlers,
  ...feedbackHandlers,
  ...platformHandlers,
  ...contentHandlers,
  ...marketHandlers,
};
