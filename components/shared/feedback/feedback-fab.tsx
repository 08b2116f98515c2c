'use client';

import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useFeedbackFrame } from '@/stores/feedback-frame';
import { useUserInfo } from '@/stores/user-info';
import { REOPEN_FEEDBACK_KEY } from './reopen';

/**
 * The floating feedback button of every page (docs/feedback.md); opens the feedback
 * modal (frameState, docs/screens.md). `Modal` is a React.lazy component (see
 * feedback-fab-desktop / -mobile), so its code loads on the first click only.
 * Each variant brings its own styles (`className`) from its layout's stylesheet,
 * so a mobile page does not load the desktop chrome's CSS for this button.
 */
export function FeedbackFab({
  variant,
  label,
  Modal,
  className,
}: {
  variant: 'desktop' | 'mobile';
  label: string;
  Modal: ComponentType;
  className?: string;
}) {
  const open = useFeedbackFrame((st) => st.frameState);
  const openFrame = useFeedbackFrame((st) => st.openFrame);
  const status = useUserInfo((st) => st.status);
  const [wanted, setWanted] = useState(false);
  if (open && !wanted) setWanted(true);

  // Back from the login the modal sent a visitor to: open it again.
  useEffect(() => {
    if (status !== 'ready') return;
    try {
      if (!window.sessionStorage.getItem(REOPEN_FEEDBACK_KEY)) return;
      window.sessionStorage.removeItem(REOPEN_FEEDBACK_KEY);
    } catch {
      return;
    }
    openFrame();
  }, [status, openFrame]);

  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-label={variant === 'mobile' ? label : undefined}
        onClick={openFrame}
        data-feedback-fab=""
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 5v2h10V9H7Zm0 4v2h7v-2H7Z"
          />
        </svg>
        {variant === 'desktop' && <span>{label}</span>}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <Modal />
        </Suspense>
      )}
    </>
  );
}
