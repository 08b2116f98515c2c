import { def } from '../../contract-def';
import { saveSourceFeedBody, sourceFeedIdBody, sourceFeedSchema, sourceFeedsSchema } from '../schemas/source-feeds';

/** Price sources that refresh themselves from a URL on a schedule (docs/console.md "Data"). */
export const sourceFeedCalls = {
  ConsoleSourceFeeds: def({
    auth: ['data'],
    response: sourceFeedsSchema,
    summary: 'Console: the price sources fetched from a URL on a schedule, with their last run',
    extra: true,
  }),
  ConsoleSaveSourceFeed: def({
    auth: ['data'],
    body: saveSourceFeedBody,
    response: sourceFeedSchema,
    summary: 'Console: add or change a source fetched from a URL (public https addresses only); audited',
    audit: true,
    extra: true,
  }),
  ConsoleRefreshSourceFeed: def({
    auth: ['data'],
    body: sourceFeedIdBody,
    response: sourceFeedSchema,
    summary:
      'Console: fetch a source now (conditional GET) and import it; the run is recorded and audited, a failed fetch answers its reason',
    extra: true,
  }),
};
