import 'server-only';
import { handlers } from '../../http/handler';
import { actorOf } from '../../services/console/audit';
import {
  addNote,
  assignFeedback,
  feedbackState,
  inboxDetail,
  inboxFacets,
  listInbox,
} from '../../services/console/feedback-inbox';
import { resolveFeedback } from '../../services/feedback/feedback';
import { addReply, sendReplyText } from '../../services/feedback/replies';

// The inbox (docs/console.md "Feedback"). Replies and resolving are the site's own services
// (AddFeedbackReplay, ResolveFeedback), run in the dispatcher's transaction with the audit record.
export const consoleFeedbackHandlers = handlers({
  ConsoleFeedbackInbox: ({ db, user, body, meta }) => listInbox(db, user, body, meta.now),
  ConsoleFeedbackFacets: ({ db }) => inboxFacets(db),
  ConsoleFeedbackDetail: ({ db, user, body }) => inboxDetail(db, user, body.feedbackId),
  ConsoleFeedbackAssign: async ({ db, user, body, audit, unchanged }) => {
    const r = await assignFeedback(db, user, body.feedbackId, body.assigneeId);
    if (r.changed)
      audit({
        entity: 'feedback',
        entityId: body.feedbackId,
        before: { assigneeId: r.before },
        after: { assigneeId: r.after },
      });
    else unchanged();
    return inboxDetail(db, user, body.feedbackId);
  },
  ConsoleFeedbackNote: async ({ db, user, body, meta, audit }) => {
    const note = await addNote(db, user, actorOf(user), body.feedbackId, body.content, meta.now);
    audit({
      entity: 'feedback_note',
      entityId: note.id,
      before: null,
      after: { feedbackId: body.feedbackId, ...note },
    });
    return note;
  },
  ConsoleFeedbackReply: async ({ db, user, body, meta, audit, afterCommit }) => {
    const before = await feedbackState(db, body.feedbackId);
    const { reply, text } = await addReply(db, user, body, meta.now);
    if (body.resolve) await resolveFeedback(db, user, body.feedbackId, meta.now);
    audit({
      entity: 'feedback',
      entityId: body.feedbackId,
      before,
      after: { ...(await feedbackState(db, body.feedbackId)), reply: { id: reply.id, content: reply.content } },
    });
    // The text goes once the reply is committed: a rolled-back reply texts nobody.
    afterCommit((db) => sendReplyText(db, text, meta.now));
    return inboxDetail(db, user, body.feedbackId);
  },
  ConsoleFeedbackResolve: async ({ db, user, body, meta, audit, unchanged }) => {
    const before = await feedbackState(db, body.feedbackId);
    await resolveFeedback(db, user, body.feedbackId, meta.now);
    const after = await feedbackState(db, body.feedbackId);
    if (before && before.status !== 'resolved') audit({ entity: 'feedback', entityId: body.feedbackId, before, after });
    else unchanged();
    return inboxDetail(db, user, body.feedbackId);
  },
});
