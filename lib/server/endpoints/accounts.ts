import 'server-only';
import { handlers } from '../http/handler';

export const accountHandlers = handlers({});
