import 'server-only';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { PoolClient } from 'pg';
import type { Db, Tx } from './client';
import { rawClient } from './raw-client';

// The data is built by binary-rows.ts, kept apart so the import's worker thread builds it without the database client.

/** COPY … FROM STDIN (FORMAT binary) of BinaryRows' data. */
export async function copyBinary(
  client: PoolClient,
  table: string,
  columns: readonly string[],
  data: Uint8Array,
): Promise<void> {
  const sink = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN (FORMAT binary)`));
  await pipeline(Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]), sink);
}

/**
 * The rows of a SELECT (no parameters) in COPY's binary format, on either driver: PostgreSQL
 * streams COPY … TO STDOUT, PGlite writes it to a blob. Big reads (every price behind the
 * indexes) travel this way several times faster than as query rows; read them with binaryColumns.
 */
export async function copyOut(db: Db | Tx, select: string): Promise<Uint8Array> {
  const raw = rawClient(db);
  if (raw.kind === 'pglite') {
    const res = (await raw.client.query(`COPY (${select}) TO '/dev/blob' (FORMAT binary)`)) as { blob?: Blob };
    return res.blob ? new Uint8Array(await res.blob.arrayBuffer()) : new Uint8Array(0);
  }
  const source = (raw.client as unknown as PoolClient).query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`));
  const chunks: Buffer[] = [];
  for await (const c of source as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}
