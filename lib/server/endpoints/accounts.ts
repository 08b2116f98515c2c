import 'server-only';
import { filesPublicPath } from '../adapters/storage';
import { revokeSession } from '../auth/sessions';
import { handlers } from '../http/handler';
import { login } from '../services/accounts/login';
import { getProfile, toUserDTO, updateProfile } from '../services/accounts/profile';
import { register, retrievePassword } from '../services/accounts/registration';
import { sendCode } from '../services/accounts/sms-codes';
import { issueGrant } from '../services/accounts/uploads';

// No call here takes a user id from the client: the account is always the session's.
export const accountHandlers = handlers({
  SendValidateCode: async ({ db, query, meta }) => {
    await sendCode(db, {
      phone: query.phone,
      purpose: 'register',
      ip: meta.ip,
      now: meta.now,
      requestId: meta.requestId,
    });
  },
  SendRetrieveCode: async ({ db, query, meta }) => {
    await sendCode(db, {
      phone: query.phone,
      purpose: 'retrieve',
      ip: meta.ip,
      now: meta.now,
      requestId: meta.requestId,
    });
  },
  UserRegist: ({ db, body, meta }) => register(db, body, meta),
  RetrievePassWord: async ({ db, body, meta }) => {
    await retrievePassword(db, body, meta);
  },
  UserLoginAPP: async ({ db, body, meta }) => {
    const { token, expiresAt } = await login(db, body, meta);
    return { token, expiresAt };
  },

  GetCurrentUser: ({ user }) => toUserDTO(user),
  QueryUserExtendDTO: ({ db, user }) => getProfile(db, user.id),
  UpdateUserExtendDTO: ({ db, user, body, meta }) => updateProfile(db, user.id, body, meta.now),
  FilePathPrefix: () => filesPublicPath(),
  UpLoadFileAuths: ({ user, sessionId, query, meta }) => issueGrant(user.id, sessionId, meta.now, query.purpose),
  Logout: async ({ db, sessionId, meta }) => {
    await revokeSession(db, sessionId, meta.now);
  },
});
