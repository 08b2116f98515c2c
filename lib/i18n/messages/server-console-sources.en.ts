// Messages of the console's data sources and products (see server.en.ts, which spreads these in).
import type { Template } from '../format';

export const serverConsoleSourcesEn = {
  'sources.notUrl': 'is not a URL',
  'sources.scheme': 'must be an http(s) URL',
  'sources.httpsOnly': 'must be an https URL',
  'sources.credentials': 'must not carry a user name or password',
  'sources.unresolved': 'names a host that does not resolve ({host})',
  'sources.private':
    'resolves to {address}, a private, loopback or link-local address: only public addresses are fetched',
  'sources.tooLarge': 'is larger than the limit of {size} MiB',
  'sources.httpStatus': 'the server answered HTTP {status}',
  'sources.timedOut': 'did not answer within {seconds} s',
  'sources.redirects': 'redirected more than {count} times',
  'sources.network': 'could not be fetched ({why})',
  'sources.nameTaken': 'is the name of another source',
  'sources.fetchFailed': 'Refreshing “{name}” failed: {why}',
  'sources.fileRefused': 'the import refused the file',
  'products.mergeSelf': 'must be another product than the one merged',
  'products.mergeUnit': 'is sold per {unit}, the merged product per {other}: only products of one unit merge',
} as const satisfies Record<string, Template>;
