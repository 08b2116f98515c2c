import 'server-only';
import { handlers } from '../http/handler';
import { createApiKey, listApiKeys, revokeApiKey } from '../services/api-keys/keys';

// The owner's keys of the data API (docs/data-api.md); the user is always the session's.
export const apiKeyHandlers = handlers({
  QueryUserApiKeys: ({ db, user, viewer, meta }) => listApiKeys(db, user.id, viewer, meta.now),
  CreateUserApiKey: ({ db, user, viewer, body, meta }) => createApiKey(db, user.id, viewer, body.name, meta.now),
  RevokeUserApiKey: ({ db, user, body, meta }) => revokeApiKey(db, user.id, body.id, meta.now),
});
