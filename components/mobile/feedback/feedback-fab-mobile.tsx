'use client';

import { lazy } from 'react';
import { FeedbackFab } from '@/components/shared/feedback/feedback-fab';
import s from '../mobile-chrome.module.css';

// Mobile pages reference only the antd-mobile sheet's chunks.
const FeedbackPopup = lazy(() => import('./feedback-popup'));

/** The mobile layout's floating feedback button. */
export function MobileFeedbackFab({ label }: { label: string }) {
  return <FeedbackFab variant="mobile" label={label} Modal={FeedbackPopup} className={s.fab} />;
}
