import 'server-only';
import type { z } from 'zod';
import type { V1Endpoint, v1Queries } from '@/lib/api/v1/endpoints';
import type { Viewer } from '../../access/market-policy';
import type { Db } from '../../db/client';

export type V1Source = { name: string; licence: string; attribution: string };
/** A table for format=csv: its header and rows, exactly the data of the JSON answer. */
export type V1Table = { header: string[]; rows: (string | number | null)[][] };
export type V1Result = { data: unknown; sources: V1Source[]; table?: V1Table };
export type V1Ctx<E extends V1Endpoint> = { db: Db; viewer: Viewer; now: Date; query: z.output<(typeof v1Queries)[E]> };
export type V1Handlers = { [E in V1Endpoint]: (ctx: V1Ctx<E>) => Promise<V1Result> };
