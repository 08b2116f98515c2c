/**
 * The faults the portal survives (docs/reliability.md), as they are logged and counted on
 * `portal_faults_total{fault}`:
 * - database_unavailable: a request that found PostgreSQL gone (answered 503, or the friendly page);
 * - sms_provider / payment_provider: a call to the provider that failed, timed out or was not made
 *   because its circuit is open;
 * - storage: an upload the file store refused (disk full, read-only, unwritable);
 * - client_timeout: a connection closed because its client sent its request too slowly.
 */
export const FAULT_KINDS = [
  'database_unavailable',
  'sms_provider',
  'payment_provider',
  'storage',
  'client_timeout',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];
