import { def } from '../contract-def';
import {
  apiKeySchema,
  apiKeysSchema,
  createApiKeyBody,
  createdApiKeySchema,
  revokeApiKeyBody,
} from '../schemas/api-keys';

/** The owner's management of data API keys (docs/data-api.md); the API itself is /api/v1. */
export const apiKeyCalls = {
  QueryUserApiKeys: def({
    auth: 'user',
    response: apiKeysSchema,
    summary: "The user's data API keys with their daily usage, and what the account's access allows",
    extra: true,
  }),
  CreateUserApiKey: def({
    auth: 'user',
    body: createApiKeyBody,
    response: createdApiKeySchema,
    summary: 'Make a data API key (the key is in this answer only)',
    extra: true,
  }),
  RevokeUserApiKey: def({
    auth: 'user',
    body: revokeApiKeyBody,
    response: apiKeySchema,
    summary: 'Revoke one of the user’s data API keys at once',
    extra: true,
  }),
};
