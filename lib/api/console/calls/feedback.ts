import { def } from '../../contract-def';
import {
  assignBody,
  consoleReplyBody,
  feedbackIdBody,
  feedbackNoteSchema,
  inboxDetailSchema,
  inboxFacetsSchema,
  inboxPageSchema,
  inboxQueryBody,
  noteBody,
} from '../schemas/feedback';

/**
 * The feedback inbox (docs/console.md "Feedback"). Replies and resolving go through the same
 * service as the site's AddFeedbackReplay / ResolveFeedback: one way to answer a customer.
 */
export const feedbackCalls = {
  ConsoleFeedbackInbox: def({
    auth: ['support'],
    body: inboxQueryBody,
    response: inboxPageSchema,
    summary: "Console: every customer's feedback, filtered by platform, type, state, age, assignee and text",
    extra: true,
  }),
  ConsoleFeedbackFacets: def({
    auth: ['support'],
    response: inboxFacetsSchema,
    summary: "Console: the inbox's filters (platforms, types) and who may be assigned",
    extra: true,
  }),
  ConsoleFeedbackDetail: def({
    auth: ['support'],
    body: feedbackIdBody,
    response: inboxDetailSchema,
    summary: 'Console: one feedback with its thread and the internal notes',
    extra: true,
  }),
  ConsoleFeedbackAssign: def({
    auth: ['support'],
    body: assignBody,
    response: inboxDetailSchema,
    summary: 'Console: assign a feedback to a support member (or to nobody)',
    audit: true,
    extra: true,
  }),
  ConsoleFeedbackNote: def({
    auth: ['support'],
    body: noteBody,
    response: feedbackNoteSchema,
    summary: 'Console: add an internal note (never shown to the customer)',
    audit: true,
    extra: true,
  }),
  ConsoleFeedbackReply: def({
    auth: ['support'],
    body: consoleReplyBody,
    response: inboxDetailSchema,
    summary: 'Console: reply to the customer (told in the portal, and by SMS if they asked), optionally resolving',
    audit: true,
    extra: true,
  }),
  ConsoleFeedbackResolve: def({
    auth: ['support'],
    body: feedbackIdBody,
    response: inboxDetailSchema,
    summary: 'Console: mark a feedback resolved',
    audit: true,
    extra: true,
  }),
};
