'use client';

import { Button, Checkbox, Form, Input, type FormInstance } from 'antd';
import { fmt } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/client';
import { loginFieldRules } from '@/components/shared/login/field-rules';
import type {
  AuthFlows as Flows,
  ForgetValues,
  LoginFormProps,
  LoginValues,
  RegisterValues,
} from '@/components/shared/login/use-auth-flows';
import { ConsentText, consentRule } from '@/components/shared/login/consent';
import { PanelMessages } from '@/components/shared/login/panel-messages';
import { useSendCode } from '@/components/shared/login/use-send-code';
import s from './login.module.css';

function PhoneField() {
  const t = useT('login');
  return (
    <Form.Item name="phone" label={t.phone} rules={loginFieldRules(t).phone} validateTrigger="onBlur">
      <Input
        type="tel"
        inputMode="numeric"
        autoComplete="username"
        maxLength={11}
        placeholder={t.phonePlaceholder}
        size="large"
      />
    </Form.Item>
  );
}

/** SMS code input with its "Send code" button; the phone is checked before anything is sent. */
function CodeField({ form, panel, flows }: { form: FormInstance; panel: 'register' | 'forget'; flows: Flows }) {
  const t = useT('login');
  const { left, sending, trigger } = useSendCode((phone) => flows.sendCode(panel, phone));
  const onSend = async () => {
    try {
      const { phone } = await form.validateFields(['phone']);
      await trigger(phone);
    } catch {
      // Either the phone field shows why, or the panel shows the server's message.
    }
  };
  return (
    <Form.Item label={t.code} htmlFor={`${panel}_code`} required>
      <div className={s.codeRow}>
        <Form.Item name="code" noStyle rules={loginFieldRules(t).code} validateTrigger="onBlur">
          <Input
            id={`${panel}_code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t.codePlaceholder}
            size="large"
          />
        </Form.Item>
        <Button size="large" onClick={onSend} loading={sending} disabled={left > 0} className={s.codeBtn}>
          {left > 0 ? fmt(t.resendIn, { s: left }) : t.sendCode}
        </Button>
      </div>
    </Form.Item>
  );
}

/** A new password, checked when the field loses focus (registration and reset). */
function NewPasswordField({ label }: { label: string }) {
  const t = useT('login');
  return (
    <Form.Item
      name="password"
      label={label}
      extra={t.passwordHint}
      rules={loginFieldRules(t).newPassword}
      validateTrigger="onBlur"
    >
      <Input.Password autoComplete="new-password" size="large" />
    </Form.Item>
  );
}

export function LoginForm({ form, flows, onForgot, onRegister }: LoginFormProps<FormInstance>) {
  const t = useT('login');
  return (
    <Form<LoginValues> form={form} name="login" layout="vertical" requiredMark={false} onFinish={flows.submitLogin}>
      <PhoneField />
      <Form.Item name="password" label={t.password} rules={loginFieldRules(t).loginPassword}>
        <Input.Password autoComplete="current-password" placeholder={t.passwordPlaceholder} size="large" />
      </Form.Item>
      <PanelMessages classes={s} flows={flows} panel="login" />
      <Button type="primary" htmlType="submit" block size="large" loading={flows.busy === 'login'}>
        {t.submitLogin}
      </Button>
      <p className={s.links}>
        <button type="button" className={s.linkBtn} onClick={onForgot}>
          {t.forgotLink}
        </button>
        <button type="button" className={s.linkBtn} onClick={onRegister}>
          {t.toRegister}
        </button>
      </p>
    </Form>
  );
}

export function RegisterForm({ flows, onLogin }: { flows: Flows; onLogin: () => void }) {
  const t = useT('login');
  const [form] = Form.useForm<RegisterValues>();
  return (
    <Form<RegisterValues>
      form={form}
      name="register"
      layout="vertical"
      requiredMark={false}
      onFinish={flows.submitRegister}
    >
      <PhoneField />
      <CodeField form={form} panel="register" flows={flows} />
      <NewPasswordField label={t.password} />
      <Form.Item name="nickname" label={t.nickname} rules={loginFieldRules(t).nickname}>
        <Input autoComplete="nickname" maxLength={32} placeholder={t.nicknamePlaceholder} size="large" />
      </Form.Item>
      <Form.Item name="consent" valuePropName="checked" rules={[consentRule(t)]}>
        <Checkbox>
          <ConsentText t={t} />
        </Checkbox>
      </Form.Item>
      <PanelMessages classes={s} flows={flows} panel="register" />
      <Button type="primary" htmlType="submit" block size="large" loading={flows.busy === 'register'}>
        {t.submitRegister}
      </Button>
      <p className={s.links}>
        <button type="button" className={s.linkBtn} onClick={onLogin}>
          {t.toLogin}
        </button>
      </p>
    </Form>
  );
}

export function ForgetForm({ form, flows, onLogin }: { form: FormInstance; flows: Flows; onLogin: () => void }) {
  const t = useT('login');
  return (
    <Form<ForgetValues> form={form} name="forget" layout="vertical" requiredMark={false} onFinish={flows.submitForget}>
      <PhoneField />
      <CodeField form={form} panel="forget" flows={flows} />
      <NewPasswordField label={t.newPassword} />
      <PanelMessages classes={s} flows={flows} panel="forget" />
      <Button type="primary" htmlType="submit" block size="large" loading={flows.busy === 'forget'}>
        {t.submitForget}
      </Button>
      <p className={s.links}>
        <button type="button" className={s.linkBtn} onClick={onLogin}>
          {t.toLogin}
        </button>
      </p>
    </Form>
  );
}
