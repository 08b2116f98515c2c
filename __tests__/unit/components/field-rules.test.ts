import { passwordSchema, phoneSchema, smsCodeSchema } from '@/lib/api/schemas/common';
import { type FormRule, schemaRules } from '@/lib/api/form-rules';
import { feedbackFieldRules } from '@/components/shared/feedback/field-rules';
import { loginFieldRules } from '@/components/shared/login/field-rules';
import { en } from '@/lib/i18n/messages/core.en';

/** The message the rules give a value, or null when they accept it. */
async function verdict(rules: FormRule[], value: unknown): Promise<string | null> {
  for (const r of rules) {
    if (r.required && (value === undefined || value === null || String(value).trim() === '')) return r.message ?? '';
    try {
      await r.validator?.(null, value);
    } catch (e) {
      return (e as Error).message;
    }
  }
  return null;
}

const rules = loginFieldRules(en.login);

describe('form rules from the contract (lib/api/form-rules.ts)', () => {
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
  ])('phone %j agrees with the server schema', async (v) =>
    expect((await verdict(rules.phone, v)) === null).toBe(phoneSchema.safeParse(v).success),
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
  ])('new password %j agrees with the server schema', async (v) =>
    expect((await verdict(rules.newPassword, v)) === null).toBe(passwordSchema.safeParse(v).success),
  );

  it.each(['123456', ' 123456 ', '12345', '1234567', '12a456'])('code %j agrees with the server schema', async (v) =>
    expect((await verdict(rules.code, v)) === null).toBe(smsCodeSchema.safeParse(v).success),
  );

  it('says which rule failed, in the page language', async () => {
    expect(await verdict(rules.phone, '')).toBe(en.login.phoneRequired);
    expect(await verdict(rules.phone, '123')).toBe(en.login.invalidPhone);
    expect(await verdict(rules.newPassword, 'short1')).toBe(en.login.passwordLength);
    expect(await verdict(rules.newPassword, 'longenough')).toBe(en.login.passwordMix);
    expect(await verdict(rules.code, '')).toBe(en.login.codeRequired);
    expect(await verdict(rules.nickname, 'x'.repeat(33))).toBe(en.login.nicknameLength);
    expect(await verdict(rules.nickname, '')).toBeNull();
  });

  it('only requires a password at login (a wrong format is just a wrong password)', async () => {
    expect(await verdict(rules.loginPassword, '')).toBe(en.login.passwordRequired);
    expect(await verdict(rules.loginPassword, 'short')).toBeNull();
  });

  it('turns a failed check into a rejected validator with the translated text', async () => {
    const [rule] = rules.phone;
    await expect(rule!.validator!(null, '123')).rejects.toThrow(en.login.invalidPhone);
    await expect(rule!.validator!(null, undefined)).rejects.toThrow(en.login.phoneRequired);
    await expect(rule!.validator!(null, '13800138000')).resolves.toBeUndefined();
  });

  it('marks a required field for the form when asked, and reads a picker’s first value', async () => {
    const desktop = feedbackFieldRules(en.feedback);
    expect(desktop.title[0]).toMatchObject({ required: true, message: en.feedback.titleRequired });
    expect(await verdict(desktop.contactPhone, '123')).toBe(en.feedback.phoneInvalid);
    expect(await verdict(desktop.content, 'x'.repeat(2001))).toMatch(/2000/);
    const mobile = feedbackFieldRules(en.feedback, { picker: true });
    expect(mobile.platform.some((r) => r.required)).toBe(false);
    expect(await verdict(mobile.platform, [])).toBe(en.feedback.platformRequired);
    expect(await verdict(mobile.platform, ['farming'])).toBeNull();
    expect(schemaRules(phoneSchema.optional(), { required: 'r', invalid: 'i' }, { mark: true })).toHaveLength(1);
  });
});
