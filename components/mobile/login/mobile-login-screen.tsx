'use client';

import { Form, Tabs } from 'antd-mobile';
import { useT } from '@/lib/i18n/client';
import { PANEL_IDS, PANELS, useAuthFlows, type Panel } from '@/components/shared/login/use-auth-flows';
import { useLeaveIfLoggedIn } from '@/components/shared/login/use-leave-if-logged-in';
import { usePanel } from '@/components/shared/login/use-panel';
import { MobileForgetForm, MobileLoginForm, MobileRegisterForm } from './mobile-forms';
import s from './mobile-login.module.css';

const isPanel = (k: string): k is Panel => (PANELS as string[]).includes(k);

/** /mobileLogin: the same three panels and behaviour as the desktop screen, in antd-mobile. */
export function MobileLoginScreen() {
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
  const titles: Record<Panel, string> = { login: t.welcome, register: t.welcomeRegister, forget: t.welcomeForget };

  return (
    <div className={s.page}>
      <h1 className={s.title}>{titles[panel]}</h1>
      <p className={s.sub}>{t.sideBody}</p>
      <div className={s.card}>
        <Tabs activeKey={panel} onChange={(k) => isPanel(k) && select(k)} className={s.tabs}>
          <Tabs.Tab key="login" title={t.tabLogin} forceRender>
            <section id={PANEL_IDS.login} aria-label={t.tabLogin}>
              <MobileLoginForm
                form={loginForm}
                flows={flows}
                onForgot={() => select('forget')}
                onRegister={() => select('register')}
              />
            </section>
          </Tabs.Tab>
          <Tabs.Tab key="register" title={t.tabRegister} forceRender>
            <section id={PANEL_IDS.register} aria-label={t.tabRegister}>
              <MobileRegisterForm flows={flows} onLogin={() => select('login')} />
            </section>
          </Tabs.Tab>
          <Tabs.Tab key="forget" title={t.tabForget} forceRender>
            <section id={PANEL_IDS.forget} aria-label={t.tabForget}>
              <MobileForgetForm form={forgetForm} flows={flows} onLogin={() => select('login')} />
            </section>
          </Tabs.Tab>
        </Tabs>
      </div>
    </div>
  );
}
