// Messages the console's content calls send (see server.en.ts, which spreads these in).
import type { Template } from '../format';

export const serverConsoleContentEn = {
  'content.staleVersion':
    'Someone else saved this article after you opened it (now version {current}). Reload it to see their changes; copy your text first.',
  'content.notDraft': 'This article is {status}: an editor edits it, or unpublishes it back to a draft.',
  'content.alreadyPublished': 'This article is already published.',
  'content.notPublished': 'This article is not published.',
  'content.scheduleInPast': 'must be a time in the future',
  'content.noVersion': 'no such version of this article',
} as const satisfies Record<string, Template>;
