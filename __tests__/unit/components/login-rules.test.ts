import { passwordSchema, phoneSchema, smsCodeSchema } from '@/lib/api/schemas/common';
import {
  checkCode,
  checkLoginPassword,
  checkNewPassword,
  checkNickname,
  checkPhone,
  fieldRule,
} from '@/components/shared/login/rules';
import { en } from '@/lib/i18n/messages/core.en';

describe('login form rules', () => {
  // The client must never refuse what the server accepts, nor accept what it refuses.
  it.each([
    '13800138000',
    '19912345678',
    ' 13800138000 ',
    '12800138000',
    '1380013800',
    '138001380001',
    '23800138000',
    '1380013800a',
    '',
  ])('phone %j agrees with the server schema', (v) =>
    expect(checkPhone(v) === null).toBe(phoneSchema.safeParse(v).success),
  );

  it.each([
    'abc12345',
    'ABCDEFG1',
    'abcdefgh',
    '12345678',
    'a1',
    'a1'.repeat(32),
    'a1'.repeat(32) + 'x',
    '密码密码密码密码1a',
    '',
  ])('new password %j agrees with the server schema', (v) =>
    expect(checkNewPassword(v) === null).toBe(passwordSchema.safeParse(v).success),
  );

  it.each(['123456', ' 123456 ', '12345', '1234567', '12a456', ''])('code %j agrees with the server schema', (v) =>
    expect(checkCode(v) === null).toBe(smsCodeSchema.safeParse(v).success),
  );

  it('says which rule failed', () => {
    expect(checkPhone('')).toBe('phoneRequired');
    expect(checkPhone('123')).toBe('invalidPhone');
    expect(checkNewPassword('short1')).toBe('passwordLength');
    expect(checkNewPassword('longenough')).toBe('passwordMix');
    expect(checkCode('')).toBe('codeRequired');
    expect(checkNickname('x'.repeat(33))).toBe('nicknameLength');
    expect(checkNickname('')).toBeNull();
  });

  it('only requires a password at login (a wrong format is just a wrong password)', () => {
    expect(checkLoginPassword('')).toBe('passwordRequired');
    expect(checkLoginPassword('short')).toBeNull();
  });

  it('turns a failed check into a rejected validator with the translated text', async () => {
    const rule = fieldRule(checkPhone, en.login);
    await expect(rule.validator(null, '123')).rejects.toThrow(en.login.invalidPhone);
    await expect(rule.validator(null, undefined)).rejects.toThrow(en.login.phoneRequired);
    await expect(rule.validator(null, '13800138000')).resolves.toBeUndefined();
  });
});
