import { z } from 'zod';
import { isoDateTimeSchema } from '../../schemas/common';

const text = (max: number) => z.string().trim().max(max, 'is too long').optional();

/** ConsoleAuditLog: filters (all optional), newest first, `before` an id to page on from. */
export const auditQueryBody = z.object({
  q: text(100),
  actor: text(64),
  action: text(64),
  entity: text(40),
  entityId: text(100),
  from: isoDateTimeSchema.optional(),
  to: isoDateTimeSchema.optional(),
  before: z.coerce.number().int().positive().optional(),
  /** Rows per page; an export asks for up to 5,000 at a time. */
  limit: z.coerce.number().int().min(1).max(5000).default(50),
});
export type AuditQuery = z.output<typeof auditQueryBody>;

export const auditItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: z.string(),
  actorPhone: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditItemSchema),
  /** The id to ask `before` for the next page; null at the end. */
  next: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditFacetsSchema = z.object({ actions: z.array(z.string()), entities: z.array(z.string()) });
