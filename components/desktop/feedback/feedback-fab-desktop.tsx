'use client';

import { lazy } from 'react';
import { FeedbackFab } from '@/components/shared/feedback/feedback-fab';
import s from './feedback-fab.module.css';

// React.lazy rather than next/dynamic: it is already in the page, and the modal never
// renders on the server. Desktop pages reference only the antd modal's chunks.
const FeedbackModal = lazy(() => import('./feedback-modal'));

/** The desktop layout's floating feedback button. */
export function DesktopFeedbackFab({ label }: { label: string }) {
  return <FeedbackFab variant="desktop" label={label} Modal={FeedbackModal} className={s.fab} />;
}
