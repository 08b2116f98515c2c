import { z } from 'zod';

// Query and body shapes of calls whose domain lands in a later issue. Each field
// named by spec §3 is declared with a bound so junk never reaches a handler; the
// owning issue replaces these with the full schemas.
const key = () => z.string().trim().min(1, 'is required').max(64, 'is too long');
export const regionIdQuery = z.object({ regionId: z.string().trim().max(64, 'is too long').optional() });
export const outProductCodeQuery = z.object({ OutProductCode: key() });
export const productIdQuery = z.object({ productId: key() });
export const orderIdQuery = z.object({ orderId: key() });
export const trandeCodeQuery = z.object({ trandeCode: key() });
/** A JSON object body; the owning issue narrows it. */
export const objectBody = z.looseObject({});
