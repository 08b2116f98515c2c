import type { FeedbackStatus } from '@/lib/api/schemas/feedback';

export const STATUS_ORDER: readonly FeedbackStatus[] = ['pending', 'replied', 'resolved'];
/** antd Tag colours; antd-mobile Tag colours. */
export const STATUS_COLOR: Record<FeedbackStatus, string> = { pending: 'gold', replied: 'blue', resolved: 'green' };
export const STATUS_COLOR_MOBILE: Record<FeedbackStatus, 'warning' | 'primary' | 'success'> = {
  pending: 'warning',
  replied: 'primary',
  resolved: 'success',
};
