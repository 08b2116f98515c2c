'use client';

import { App, Button, ConfigProvider, Modal, Result, Spin } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useMemo } from 'react';
import { antdTheme } from '@/components/shared/antd-theme';
import { goToLogin } from '@/components/shared/feedback/go-to-login';
import { modalMessages } from '@/components/shared/feedback/modal-texts';
import { I18nProvider, useLocale, useT } from '@/lib/i18n/client';
import { useFeedbackFrame } from '@/stores/feedback-frame';
import { useUserInfo } from '@/stores/user-info';
import { FeedbackForm } from './feedback-form';

function LoginFirst({ onCancel }: { onCancel: () => void }) {
  const t = useT('feedback');
  return (
    <Result
      status="info"
      title={t.loginTitle}
      subTitle={t.loginBody}
      extra={[
        <Button key="login" type="primary" onClick={() => void goToLogin({ reopen: true })}>
          {t.loginButton}
        </Button>,
        <Button key="cancel" onClick={onCancel}>
          {t.cancel}
        </Button>,
      ]}
    />
  );
}

function Body({ onClose }: { onClose: () => void }) {
  const status = useUserInfo((st) => st.status);
  const t = useT('feedback');
  if (status === 'anonymous') return <LoginFirst onCancel={onClose} />;
  if (status !== 'ready')
    return (
      <Spin tip={t.loading}>
        <div style={{ minHeight: 120 }} />
      </Spin>
    );
  return <FeedbackForm onClose={onClose} />;
}

/** The desktop feedback modal (antd), loaded by the floating button on first use. Width 520: docs/screens.md's default. */
export default function FeedbackModal() {
  const open = useFeedbackFrame((st) => st.frameState);
  const close = useFeedbackFrame((st) => st.closeFrame);
  const locale = useLocale();
  const messages = useMemo(() => modalMessages(locale), [locale]);
  return (
    <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS} theme={antdTheme}>
      <App component={false}>
        <I18nProvider messages={messages}>
          <Modal
            open={open}
            onCancel={close}
            title={messages.feedback.modalTitle}
            footer={null}
            width={520}
            destroyOnHidden
          >
            <Body onClose={close} />
          </Modal>
        </I18nProvider>
      </App>
    </ConfigProvider>
  );
}
