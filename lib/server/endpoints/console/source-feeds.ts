import 'server-only';
import { msg } from '@/lib/i18n/server-messages';
import { fail } from '../../errors';
import { handlers } from '../../http/handler';
import { actorOf } from '../../services/console/audit';
import { listFeeds, runFeed, saveFeed } from '../../services/console/source-feeds';

export const consoleSourceFeedHandlers = handlers({
  ConsoleSourceFeeds: ({ db }) => listFeeds(db),
  ConsoleSaveSourceFeed: async ({ db, body, meta, audit }) => {
    const { before, after } = await saveFeed(db, body, meta.now);
    audit({ entity: 'source_feed', entityId: after.id, before, after });
    return after;
  },
  // Not the dispatcher's transaction: a run that fails must still be recorded (on the source, in
  // job_runs, audited) before the failure is answered; the run writes its own (docs/console.md "Data").
  ConsoleRefreshSourceFeed: async ({ db, body, user }) => {
    const { feed, error } = await runFeed(db, body.id, actorOf(user!), 'ConsoleRefreshSourceFeed');
    if (error?.kind === 'refused') throw fail.invalid('url', error.ref);
    if (error) throw fail.generic(msg('sources.fetchFailed', { name: feed.name, why: error.ref }));
    return feed;
  },
});
