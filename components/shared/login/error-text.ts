import { RequestError, MSG_LOGIN_EXPIRED, MSG_NETWORK_FAILED, MSG_SERVER_BUSY } from '@/lib/api/request-error';
import type { Messages } from '@/lib/i18n/types';

/** What to show inline for a failed call: the server's msg, with the client-made texts of docs/api.md translated. */
export function errorText(err: unknown, t: Messages['errors']): string {
  if (!(err instanceof RequestError)) return t.networkFailed;
  switch (err.msg) {
    case MSG_LOGIN_EXPIRED:
      return t.loginExpired;
    case MSG_SERVER_BUSY:
      return t.serverBusy;
    case MSG_NETWORK_FAILED:
      return t.networkFailed;
    default:
      return err.text || t.networkFailed;
  }
}
