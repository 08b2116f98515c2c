'use client';

import { Button, Popup, Result, SpinLoading } from 'antd-mobile';
import { useId, useMemo } from 'react';
import { AdmScope } from '@/components/mobile/adm-scope';
import { goToLogin } from '@/components/shared/feedback/go-to-login';
import { modalMessages } from '@/components/shared/feedback/modal-texts';
import { ensureAntdMobileReact19 } from '@/components/shared/errors/dialogs/antd-mobile-react19';
import { I18nProvider, useLocale, useT } from '@/lib/i18n/client';
import { useFeedbackFrame } from '@/stores/feedback-frame';
import { useUserInfo } from '@/stores/user-info';
import { MobileFeedbackForm } from './mobile-feedback-form';
import s from './mobile-feedback.module.css';

ensureAntdMobileReact19();

function Body({ onClose }: { onClose: () => void }) {
  const status = useUserInfo((st) => st.status);
  const t = useT('feedback');
  if (status === 'anonymous') {
    return (
      <div className={s.center}>
        <Result status="info" title={t.loginTitle} description={t.loginBody} />
        <div className={s.stack}>
          <Button block color="primary" onClick={() => void goToLogin({ reopen: true })}>
            {t.loginButton}
          </Button>
          <Button block onClick={onClose}>
            {t.cancel}
          </Button>
        </div>
      </div>
    );
  }
  if (status !== 'ready') {
    return (
      <div className={s.center} aria-busy="true">
        <SpinLoading aria-label={t.loading} />
      </div>
    );
  }
  return <MobileFeedbackForm onClose={onClose} />;
}

/** The mobile feedback sheet (antd-mobile), loaded by the floating button on first use. */
export default function FeedbackPopup() {
  const open = useFeedbackFrame((st) => st.frameState);
  const close = useFeedbackFrame((st) => st.closeFrame);
  const locale = useLocale();
  const messages = useMemo(() => modalMessages(locale), [locale]);
  const titleId = useId();
  return (
    <AdmScope locale={locale}>
      <I18nProvider messages={messages}>
        <Popup
          visible={open}
          onMaskClick={close}
          onClose={close}
          position="bottom"
          destroyOnClose
          bodyClassName={s.sheet}
        >
          <div role="dialog" aria-modal="true" aria-labelledby={titleId} className={s.dialog}>
            <header className={s.sheetHeader}>
              <h2 id={titleId}>{messages.feedback.modalTitle}</h2>
              <button type="button" className={s.close} onClick={close} aria-label={messages.feedback.close}>
                ×
              </button>
            </header>
            <Body onClose={close} />
          </div>
        </Popup>
      </I18nProvider>
    </AdmScope>
  );
}
