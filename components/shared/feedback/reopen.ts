// sessionStorage key: the feedback modal was asked for by a visitor who then went to log in,
// so it opens again when they come back logged in.
export const REOPEN_FEEDBACK_KEY = 'feedbackReopen';
