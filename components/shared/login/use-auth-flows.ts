'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useState } from 'react';
import { useApiMutation } from '@/lib/api/hooks';
import { fmt } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/client';
import { afterLogin } from '@/stores/session';
import { errorText } from './error-text';

export type Panel = 'login' | 'register' | 'forget';
/** Element ids of the three panels (docs/screens.md). */
export const PANEL_IDS: Record<Panel, string> = { login: 'loginId', register: 'registerId', forget: 'forgetId' };
export const PANELS = Object.keys(PANEL_IDS) as Panel[];

export function panelFromHash(hash: string): Panel | null {
  const id = hash.replace(/^#/, '');
  return PANELS.find((p) => PANEL_IDS[p] === id) ?? null;
}

export type LoginValues = { phone: string; password: string };
/** `consent`: the terms and privacy checkbox, which the form requires before it submits. */
export type RegisterValues = { phone: string; code: string; password: string; nickname?: string; consent?: boolean };
export type ForgetValues = { phone: string; code: string; password: string };

type PerPanel = Partial<Record<Panel, string>>;

const maskPhone = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p);

/**
 * What the login screens do, shared by the desktop (antd) and mobile
 * (antd-mobile) views: the calls, their pending state, and the messages shown
 * inline in each panel. Success of a login or registration hands the token to
 * the session (afterLogin), which goes back to where the user came from.
 * Every call is a `useApiMutation` without the global dialog: a failure goes to the
 * panel's message first and then stops the flow (docs/api.md).
 */
export function useAuthFlows({ onResetDone }: { onResetDone: (phone: string) => void }) {
  const t = useT('login');
  const te = useT('errors');
  const router = useRouter();
  const [busy, setBusy] = useState<Panel | null>(null);
  const [errors, setErrors] = useState<PerPanel>({});
  const [notices, setNotices] = useState<PerPanel>({});
  const { mutateAsync: login } = useApiMutation('UserLoginAPP');
  const { mutateAsync: register } = useApiMutation('UserRegist');
  const { mutateAsync: resetPassword } = useApiMutation('RetrievePassWord');
  const { mutateAsync: sendRegisterCode } = useApiMutation('SendValidateCode');
  const { mutateAsync: sendResetCode } = useApiMutation('SendRetrieveCode');

  const setError = useCallback((panel: Panel, msg?: string) => setErrors((e) => ({ ...e, [panel]: msg })), []);
  const setNotice = useCallback((panel: Panel, msg?: string) => setNotices((n) => ({ ...n, [panel]: msg })), []);

  const run = useCallback(
    async (panel: Panel, work: () => Promise<'stay' | 'leave'>) => {
      setBusy(panel);
      setError(panel);
      setNotice(panel);
      try {
        // On success the page navigates away; keeping the button busy avoids a double submit meanwhile.
        if ((await work()) === 'stay') setBusy(null);
      } catch (err) {
        setError(panel, errorText(err, te));
        setBusy(null);
      }
    },
    [setError, setNotice, te],
  );

  const enter = useCallback(
    (token: string) => afterLogin(token, { fallback: '/', navigate: (p) => router.replace(p) }),
    [router],
  );

  const submitLogin = (v: LoginValues) =>
    run('login', async () => {
      const { token } = await login({ body: { phone: v.phone.trim(), password: v.password }, skipErrorHandler: true });
      await enter(token);
      return 'leave';
    });

  const submitRegister = (v: RegisterValues) =>
    run('register', async () => {
      const nickname = v.nickname?.trim();
      const { token } = await register({
        body: { phone: v.phone.trim(), code: v.code.trim(), password: v.password, ...(nickname ? { nickname } : {}) },
        skipErrorHandler: true,
      });
      await enter(token);
      return 'leave';
    });

  const submitForget = (v: ForgetValues) =>
    run('forget', async () => {
      const phone = v.phone.trim();
      await resetPassword({
        body: { phone, code: v.code.trim(), password: v.password },
        skipErrorHandler: true,
      });
      onResetDone(phone);
      setNotice('login', t.resetDone);
      return 'stay';
    });

  /** Sends a code for the panel; reports the result in the panel and rethrows a failure (the countdown must not start). */
  const sendCode = useCallback(
    async (panel: 'register' | 'forget', rawPhone: string) => {
      const phone = rawPhone.trim();
      setError(panel);
      setNotice(panel);
      try {
        const query = { phone };
        if (panel === 'register') await sendRegisterCode({ query, skipErrorHandler: true });
        else await sendResetCode({ query, skipErrorHandler: true });
        setNotice(panel, fmt(t.codeSent, { phone: maskPhone(phone) }));
      } catch (err) {
        setError(panel, errorText(err, te));
        throw err;
      }
    },
    [setError, setNotice, t.codeSent, te, sendRegisterCode, sendResetCode],
  );

  return { busy, errors, notices, setNotice, submitLogin, submitRegister, submitForget, sendCode };
}

export type AuthFlows = ReturnType<typeof useAuthFlows>;

/** The login panel's props in both views; `F` is the form instance of that view's kit. */
export type LoginFormProps<F> = { form: F; flows: AuthFlows; onForgot: () => void; onRegister: () => void };
