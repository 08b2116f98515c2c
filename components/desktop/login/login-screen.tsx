'use client';

import { Form, Segmented } from 'antd';
import { useT } from '@/lib/i18n/client';
import { PANEL_IDS, PANELS, useAuthFlows, type Panel } from '@/components/shared/login/use-auth-flows';
import { useLeaveIfLoggedIn } from '@/components/shared/login/use-leave-if-logged-in';
import { usePanel } from '@/components/shared/login/use-panel';
import { ForgetForm, LoginForm, RegisterForm } from './forms';
import s from './login.module.css';

/** Desktop /login: log in, register and retrieve the password, one panel at a time (ids per docs/screens.md). */
export function LoginScreen() {
  const t = useT('login');
  const [panel, select] = usePanel();
  const [loginForm] = Form.useForm();
  const [forgetForm] = Form.useForm();
  const flows = useAuthFlows({
    onResetDone: (phone) => {
      forgetForm.resetFields();
      loginForm.setFieldsValue({ phone, password: '' });
      select('login');
    },
  });
  useLeaveIfLoggedIn();
  const labels: Record<Panel, string> = { login: t.tabLogin, register: t.tabRegister, forget: t.tabForget };
  const titles: Record<Panel, string> = { login: t.title, register: t.titleRegister, forget: t.titleForget };

  return (
    <div className={s.page}>
      <div className={s.shell}>
        <aside className={s.side}>
          <h2>{t.sideTitle}</h2>
          <p>{t.sideBody}</p>
          <svg className={s.sideArt} viewBox="0 0 240 120" aria-hidden="true" focusable="false">
            <polyline
              points="10,95 45,80 80,86 115,60 150,66 185,40 230,30"
              fill="none"
              stroke="#bfe8d6"
              strokeWidth="4"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
            <circle cx="230" cy="30" r="7" fill="#f2c14e" />
          </svg>
        </aside>
        <div className={s.card}>
          <h1 className={s.title}>{titles[panel]}</h1>
          <div className={s.switcher}>
            <Segmented<Panel>
              block
              aria-label={t.tabsLabel}
              value={panel}
              onChange={select}
              options={PANELS.map((p) => ({ value: p, label: labels[p] }))}
            />
          </div>
          <section id={PANEL_IDS.login} hidden={panel !== 'login'} aria-label={t.tabLogin}>
            <LoginForm
              form={loginForm}
              flows={flows}
              onForgot={() => select('forget')}
              onRegister={() => select('register')}
            />
          </section>
          <section id={PANEL_IDS.register} hidden={panel !== 'register'} aria-label={t.tabRegister}>
            <RegisterForm flows={flows} onLogin={() => select('login')} />
          </section>
          <section id={PANEL_IDS.forget} hidden={panel !== 'forget'} aria-label={t.tabForget}>
            <ForgetForm form={forgetForm} flows={flows} onLogin={() => select('login')} />
          </section>
        </div>
      </div>
    </div>
  );
}
