import 'server-only';
import { type Registry, registryOf } from '../http/handler';
import { accountHandlers } from './accounts';
import { apiKeyHandlers } from './api-keys';
import { alertHandlers } from './alerts';
import { commerceHandlers } from './commerce';
import { feedbackHandlers } from './feedback';
import { contentHandlers } from './content';
import { coverageHandlers } from './coverage';
import { compareHandlers } from './compare';
import { dataProductHandlers } from './data-products';
import { marketHandlers } from './market';
import { memberHandlers } from './members';
import { platformHandlers } from './platforms';
import { consoleHandlers } from './console';

/**
 * One handler for every call of the contract, checked by the compiler: a declared call without a
 * handler, a call handled twice, or a handler for no call is a type error (docs/architecture.md).
 */
export const registry: Registry = registryOf(
  accountHandlers,
  memberHandlers,
  commerceHandlers,
  dataProductHandlers,
  feedbackHandlers,
  platformHandlers,
  contentHandlers,
  marketHandlers,
  apiKeyHandlers,
  alertHandlers,
  consoleHandlers,
  coverageHandlers,
  compareHandlers,
);
