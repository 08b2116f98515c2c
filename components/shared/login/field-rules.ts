import { schemaRules } from '@/lib/api/form-rules';
import { loginBody, registerBody } from '@/lib/api/schemas/user';
import type { Messages } from '@/lib/i18n/types';

// The bodies of UserLoginAPP and UserRegist, imported from their schema file rather than through
// the contract: the contract holds every call (the console's too), which no public page should load.
const login = loginBody.shape;
const register = registerBody.shape;

/**
 * The rules of the login, register and retrieve forms (desktop and mobile), from the schemas the
 * server parses those calls with. The server stays the judge; this only saves a round trip.
 */
export function loginFieldRules(t: Messages['login']) {
  return {
    phone: schemaRules(login.phone, { required: t.phoneRequired, invalid: t.invalidPhone }),
    // Logging in only needs a password: a wrong-format one is simply a wrong one.
    loginPassword: schemaRules(login.password, { required: t.passwordRequired, invalid: t.passwordLength }),
    newPassword: schemaRules(register.password, {
      required: t.passwordRequired,
      too_small: t.passwordLength,
      too_big: t.passwordLength,
      invalid: t.passwordMix,
    }),
    code: schemaRules(register.code, { required: t.codeRequired, invalid: t.invalidCode }),
    nickname: schemaRules(register.nickname, { required: t.nicknameLength, invalid: t.nicknameLength }),
  };
}
