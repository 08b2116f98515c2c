import 'server-only';
import { isMessageRef, type MessageRef } from '@/lib/i18n/server-messages';
import { englishOf } from '../../errors';

/**
 * A source's last error as `source_feeds.last_error` keeps it: the message's key and parameters
 * (JSON), so the console shows it in the member's language, and for a refused file the import's
 * own reason as `detail` (docs/console.md "Sources that refresh themselves"). Rows written before
 * this held the English sentence itself: they are read back as that text, with no key.
 */
type Stored = MessageRef & { detail?: string };

export function storeFeedError(ref: MessageRef, detail?: string | null): string {
  return JSON.stringify(detail ? { ...ref, detail } : ref);
}

/** The stored error as the API answers it: the English sentence (with any detail) and the message. */
export function readFeedError(raw: string | null): { text: string | null; ref: MessageRef | null } {
  if (!raw) return { text: null, ref: null };
  let parsed: unknown;
  try {
    parsed = raw.startsWith('{') ? JSON.parse(raw) : null;
  } catch {
    parsed = null;
  }
  if (!isMessageRef(parsed)) return { text: raw, ref: null };
  const { detail, ...ref } = parsed as Stored;
  const english = englishOf(ref);
  return { text: detail ? `${english}: ${detail}` : english, ref };
}
