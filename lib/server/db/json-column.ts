import 'server-only';

/** A json/jsonb value as read: node-postgres parses it, PGlite may hand it over as text. */
export function jsonColumn<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
