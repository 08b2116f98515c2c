'use client';

import { Alert, App, Button, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import type { Customer } from '@/lib/api/console/schemas/customers';
import { MAX_GRANT_MONTHS } from '@/lib/api/console/schemas/customers';
import { useApiMutation, useApiQuery } from '@/lib/api/hooks';
import { pick } from '@/lib/shared/names';
import { useConsoleT } from '../i18n';

export type CustomerAction =
  | { kind: 'membership' }
  | { kind: 'region' }
  | { kind: 'sessions'; sessionId?: string }
  | { kind: 'lock' };

type Values = { levelCode?: string; productCode?: string; regionId?: string; months?: number; reason: string };

/** The buttons of a customer's changes and the one dialog each opens: what, how long, and why. */
export function CustomerActions({
  customer,
  action,
  setAction,
  onDone,
}: {
  customer: Customer;
  action: CustomerAction | null;
  setAction: (a: CustomerAction | null) => void;
  onDone: (c: Customer) => void;
}) {
  const { m, locale } = useConsoleT();
  const t = m.customers;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const options = useApiQuery('ConsoleGrantOptions', {}, { staleTime: 300_000, enabled: !!action });
  const name = (n: { nameZh: string; nameEn: string }) => pick(locale, n.nameZh, n.nameEn);
  const close = () => {
    setAction(null);
    setError(null);
    form.resetFields();
  };
  const done = (text: string) => (c: Customer) => {
    onDone(c);
    message.success(text);
    close();
  };
  const onError = (e: { text?: string }) => setError(e.text ?? null);
  const membership = useApiMutation('ConsoleGrantMembership', { onSuccess: done(t.granted), onError });
  const region = useApiMutation('ConsoleGrantRegion', { onSuccess: done(t.granted), onError });
  const sessions = useApiMutation('ConsoleEndSessions', { onSuccess: done(t.sessionsEnded), onError });
  const lock = useApiMutation('ConsoleLockCustomer', {
    onSuccess: (c) => done(c.lockedAt ? t.lockedDone : t.unlockedDone)(c),
    onError,
  });
  const busy = membership.isPending || region.isPending || sessions.isPending || lock.isPending;
  const userId = customer.id;

  function submit(v: Values) {
    const opts = { skipErrorHandler: true } as const;
    if (!action) return;
    if (action.kind === 'membership')
      membership.mutate({ body: { userId, levelCode: v.levelCode!, months: v.months!, reason: v.reason }, ...opts });
    if (action.kind === 'region')
      region.mutate({
        body: { userId, productCode: v.productCode!, regionId: v.regionId!, months: v.months!, reason: v.reason },
        ...opts,
      });
    if (action.kind === 'sessions')
      sessions.mutate({ body: { userId, sessionId: action.sessionId, reason: v.reason }, ...opts });
    if (action.kind === 'lock')
      lock.mutate({ body: { userId, locked: !customer.lockedAt, reason: v.reason }, ...opts });
  }

  const title =
    action?.kind === 'membership'
      ? t.grantMembership
      : action?.kind === 'region'
        ? t.grantRegion
        : action?.kind === 'sessions'
          ? action.sessionId
            ? t.endOne
            : t.endAll
          : customer.lockedAt
            ? t.unlock
            : t.lock;
  const granting = action?.kind === 'membership' || action?.kind === 'region';
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => setAction({ kind: 'membership' })}>
          {t.grantMembership}
        </Button>
        <Button onClick={() => setAction({ kind: 'region' })}>{t.grantRegion}</Button>
        <Button onClick={() => setAction({ kind: 'sessions' })} disabled={!customer.sessions.length}>
          {t.endAll}
        </Button>
        <Button danger={!customer.lockedAt} onClick={() => setAction({ kind: 'lock' })}>
          {customer.lockedAt ? t.unlock : t.lock}
        </Button>
      </Space>
      <Modal
        open={!!action}
        title={title}
        onCancel={close}
        onOk={() => form.submit()}
        okText={m.common.confirm}
        cancelText={m.common.cancel}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ months: 1 }}>
          {action?.kind === 'membership' && (
            <Form.Item name="levelCode" label={t.level} rules={[{ required: true, message: t.choose }]}>
              <Select
                placeholder={t.choose}
                options={(options.data?.levels ?? []).map((l) => ({ value: l.code, label: name(l) }))}
              />
            </Form.Item>
          )}
          {action?.kind === 'region' && (
            <>
              <Form.Item name="productCode" label={t.product} rules={[{ required: true, message: t.choose }]}>
                <Select
                  placeholder={t.choose}
                  options={(options.data?.products ?? []).map((p) => ({ value: p.code, label: name(p) }))}
                />
              </Form.Item>
              <Form.Item name="regionId" label={t.region} rules={[{ required: true, message: t.choose }]}>
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t.choose}
                  options={(options.data?.regions ?? []).map((r) => ({ value: r.id, label: name(r) }))}
                />
              </Form.Item>
            </>
          )}
          {granting && (
            <Form.Item name="months" label={t.months} extra={t.monthsHint} rules={[{ required: true }]}>
              <InputNumber min={1} max={MAX_GRANT_MONTHS} precision={0} />
            </Form.Item>
          )}
          {action?.kind === 'lock' && !customer.lockedAt && (
            <Alert type="warning" showIcon message={t.lockHint} style={{ marginBottom: 12 }} />
          )}
          <Form.Item
            name="reason"
            label={t.reason}
            rules={[{ required: true, whitespace: true, min: 4, message: t.reasonRequired }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={500} showCount />
          </Form.Item>
          {error && <Alert type="error" showIcon message={error} />}
        </Form>
      </Modal>
    </>
  );
}
