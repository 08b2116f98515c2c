import 'server-only';
import { handlers } from '../http/handler';
import { licensePlatformToken, platformAuthUrl } from '../services/platforms/license';

export const platformHandlers = handlers({
  // /correspondence/{token}: a platform hands a user over; the answer is a portal session.
  // The session the browser already holds (if any) decides whether the link must ask first.
  PlatformTokenLicense: ({ db, user, query, meta }) =>
    licensePlatformToken(db, query.token, meta, { current: user, switchAccount: query.switchAccount === '1' }),
  // The reverse: a signed URL that logs the current user in on the platform.
  UserPlatformAuth: ({ db, user, query, meta }) =>
    platformAuthUrl(db, user, query.identifier, query.returnPath, meta.now),
});
