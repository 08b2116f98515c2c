import { FeedbackInbox } from '@/components/console/feedback/feedback-inbox';

export default function ConsoleFeedbackPage() {
  return <FeedbackInbox />;
}
