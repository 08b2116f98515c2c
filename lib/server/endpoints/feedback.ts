import 'server-only';
import { handlers } from '../http/handler';
import { listPlatforms, listTypes, listUserRegions } from '../services/feedback/catalogue';
import { addFeedback, getFeedback, listFeedback, resolveFeedback } from '../services/feedback/feedback';
import { addReply, listReplies, sendReplyText } from '../services/feedback/replies';

// Every call acts as the session's user; a feedback id from the client is only ever
// looked up within what that user may reach (their own, or everything for staff).
export const feedbackHandlers = handlers({
  QueryPlatformDataList: ({ db }) => listPlatforms(db),
  QueryInfoFeedbackTypeDataList: ({ db, query }) => listTypes(db, query.platformKey),
  QueryUserPlatformRegion: ({ db, user, query }) => listUserRegions(db, user.id, query.platformKey),
  AddInfoFeedback: ({ db, user, body, meta }) => addFeedback(db, user, body, meta.now),
  QueryUserFeedbackForPage: ({ db, user, body }) => listFeedback(db, user, body),
  QueryFeedbackById: ({ db, user, query }) => getFeedback(db, user, query.feedbackId),
  QueryFeedbackReplayList: ({ db, user, query }) => listReplies(db, user, query.feedbackId),
  AddFeedbackReplay: async ({ db, user, body, meta }) => {
    const { reply, text } = await addReply(db, user, body, meta.now);
    await sendReplyText(db, text, meta.now);
    return reply;
  },
  ResolveFeedback: ({ db, user, body, meta }) => resolveFeedback(db, user, body.feedbackId, meta.now),
});
