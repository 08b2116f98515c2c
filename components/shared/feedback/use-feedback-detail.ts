'use client';

import { useApiMutation, useApiQuery } from '@/lib/api/hooks';
import { getQueryClient } from '@/lib/api/query-client';
import { useUserInfo } from '@/stores/user-info';

// While the page is open, new replies arrive without a reload.
const LIVE = { refetchInterval: 30_000, retry: false } as const;

/** One feedback, its thread, and replying / resolving (shared by the desktop and mobile detail pages). */
export function useFeedbackDetail(feedbackId: string) {
  const status = useUserInfo((st) => st.status);
  const ready = status === 'ready';
  // Not found is shown in place, not as an error dialog.
  const detail = useApiQuery(
    'QueryFeedbackById',
    { query: { feedbackId }, skipErrorHandler: true },
    { ...LIVE, enabled: ready },
  );
  const replies = useApiQuery(
    'QueryFeedbackReplayList',
    { query: { feedbackId }, skipErrorHandler: true },
    { ...LIVE, enabled: ready && detail.isSuccess },
  );
  const refresh = () =>
    Promise.all(
      ['QueryFeedbackById', 'QueryFeedbackReplayList', 'QueryUserFeedbackForPage'].map((n) =>
        getQueryClient().invalidateQueries({ queryKey: [n] }),
      ),
    );
  const reply = useApiMutation('AddFeedbackReplay', { onSuccess: refresh });
  const resolve = useApiMutation('ResolveFeedback', { onSuccess: refresh });
  return { status, detail, replies, reply, resolve };
}
