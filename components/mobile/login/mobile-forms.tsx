'use client';

import { Button, Checkbox, Form, Input } from 'antd-mobile';

import { fmt } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/client';
import { loginFieldRules } from '@/components/shared/login/field-rules';
import type { AuthFlows as Flows, LoginFormProps, Panel } from '@/components/shared/login/use-auth-flows';
import { ConsentText, consentRule } from '@/components/shared/login/consent';
import { PanelMessages } from '@/components/shared/login/panel-messages';
import { useSendCode } from '@/components/shared/login/use-send-code';
import s from './mobile-login.module.css';

type FormInstance = ReturnType<typeof Form.useForm>[0];

function Submit({ flows, panel, label }: { flows: Flows; panel: Panel; label: string }) {
  return (
    <>
      <PanelMessages classes={s} flows={flows} panel={panel} />
      <Button block type="submit" color="primary" size="large" loading={flows.busy === panel}>
        {label}
      </Button>
    </>
  );
}

function PhoneItem() {
  const t = useT('login');
  return (
    <Form.Item name="phone" label={t.phone} rules={loginFieldRules(t).phone} validateTrigger="onBlur">
      <Input
        type="tel"
        inputMode="numeric"
        autoComplete="username"
        maxLength={11}
        placeholder={t.phonePlaceholder}
        clearable
      />
    </Form.Item>
  );
}

function CodeItem({ form, panel, flows }: { form: FormInstance; panel: 'register' | 'forget'; flows: Flows }) {
  const t = useT('login');
  const { left, sending, trigger } = useSendCode((phone) => flows.sendCode(panel, phone));
  const onSend = async () => {
    try {
      const { phone } = (await form.validateFields(['phone'])) as { phone: string };
      await trigger(phone);
    } catch {
      // The phone field or the panel message says why.
    }
  };
  return (
    <Form.Item
      name="code"
      label={t.code}
      rules={loginFieldRules(t).code}
      validateTrigger="onBlur"
      extra={
        <Button size="small" color="primary" fill="outline" onClick={onSend} loading={sending} disabled={left > 0}>
          {left > 0 ? fmt(t.resendIn, { s: left }) : t.sendCode}
        </Button>
      }
    >
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder={t.codePlaceholder} />
    </Form.Item>
  );
}

/** A new password, checked when the field loses focus (registration and reset). */
function NewPasswordItem({ label }: { label: string }) {
  const t = useT('login');
  return (
    <Form.Item
      name="password"
      label={label}
      description={t.passwordHint}
      rules={loginFieldRules(t).newPassword}
      validateTrigger="onBlur"
    >
      <Input type="password" autoComplete="new-password" />
    </Form.Item>
  );
}

export function MobileLoginForm({ form, flows, onForgot, onRegister }: LoginFormProps<FormInstance>) {
  const t = useT('login');
  return (
    <>
      <Form
        form={form}
        name="m-login"
        layout="vertical"
        onFinish={flows.submitLogin}
        footer={<Submit flows={flows} panel="login" label={t.submitLogin} />}
      >
        <PhoneItem />
        <Form.Item name="password" label={t.password} rules={loginFieldRules(t).loginPassword}>
          <Input type="password" autoComplete="current-password" placeholder={t.passwordPlaceholder} />
        </Form.Item>
      </Form>
      <div className={s.links}>
        <button type="button" className={s.linkBtn} onClick={onForgot}>
          {t.forgotLink}
        </button>
        <button type="button" className={s.linkBtn} onClick={onRegister}>
          {t.toRegister}
        </button>
      </div>
    </>
  );
}

export function MobileRegisterForm({ flows, onLogin }: { flows: Flows; onLogin: () => void }) {
  const t = useT('login');
  const [form] = Form.useForm();
  return (
    <>
      <Form
        form={form}
        name="m-register"
        layout="vertical"
        onFinish={flows.submitRegister}
        footer={<Submit flows={flows} panel="register" label={t.submitRegister} />}
      >
        <PhoneItem />
        <CodeItem form={form} panel="register" flows={flows} />
        <NewPasswordItem label={t.password} />
        <Form.Item name="nickname" label={t.nickname} rules={loginFieldRules(t).nickname}>
          <Input autoComplete="nickname" maxLength={32} placeholder={t.nicknamePlaceholder} />
        </Form.Item>
        <Form.Item name="consent" valuePropName="checked" rules={[consentRule(t)]}>
          <Checkbox className={s.consent}>
            <ConsentText t={t} />
          </Checkbox>
        </Form.Item>
      </Form>
      <div className={s.links}>
        <button type="button" className={s.linkBtn} onClick={onLogin}>
          {t.toLogin}
        </button>
      </div>
    </>
  );
}

export function MobileForgetForm({ form, flows, onLogin }: { form: FormInstance; flows: Flows; onLogin: () => void }) {
  const t = useT('login');
  return (
    <>
      <Form
        form={form}
        name="m-forget"
        layout="vertical"
        onFinish={flows.submitForget}
        footer={<Submit flows={flows} panel="forget" label={t.submitForget} />}
      >
        <PhoneItem />
        <CodeItem form={form} panel="forget" flows={flows} />
        <NewPasswordItem label={t.newPassword} />
      </Form>
      <div className={s.links}>
        <button type="button" className={s.linkBtn} onClick={onLogin}>
          {t.toLogin}
        </button>
      </div>
    </>
  );
}
