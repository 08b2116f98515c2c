import type { Messages } from '@/lib/i18n/types';

// Client-side mirrors of the server's schemas (lib/api/schemas/common.ts, user.ts),
// so most mistakes are caught before a round trip. The server stays the judge.
export const PHONE_RE = /^1[3-9]\d{9}$/;
export const CODE_RE = /^\d{6}$/;

type LoginTexts = Messages['login'];
export type RuleKey = keyof Pick<
  LoginTexts,
  | 'phoneRequired'
  | 'passwordRequired'
  | 'codeRequired'
  | 'invalidPhone'
  | 'passwordLength'
  | 'passwordMix'
  | 'invalidCode'
  | 'nicknameLength'
>;
export type Check = (value: string) => RuleKey | null;

export const checkPhone: Check = (v) => {
  const x = v.trim();
  if (!x) return 'phoneRequired';
  return PHONE_RE.test(x) ? null : 'invalidPhone';
};

/** A new password (register, reset): 8–64 characters with a letter and a digit. */
export const checkNewPassword: Check = (v) => {
  if (!v) return 'passwordRequired';
  if (v.length < 8 || v.length > 64) return 'passwordLength';
  if (!/[A-Za-z]/.test(v) || !/\d/.test(v)) return 'passwordMix';
  return null;
};

/** Logging in only needs a password: a wrong-format one is simply a wrong one. */
export const checkLoginPassword: Check = (v) => (v ? null : 'passwordRequired');

export const checkCode: Check = (v) => {
  const x = v.trim();
  if (!x) return 'codeRequired';
  return CODE_RE.test(x) ? null : 'invalidCode';
};

export const checkNickname: Check = (v) => (v.trim().length > 32 ? 'nicknameLength' : null);

/** A form rule usable by both antd and antd-mobile forms (both run rc-field-form validators). */
export function fieldRule(check: Check, t: LoginTexts) {
  return {
    validator: (_: unknown, value: unknown) => {
      const key = check(typeof value === 'string' ? value : '');
      return key ? Promise.reject(new Error(t[key])) : Promise.resolve();
    },
  };
}
