// The feedback world of the API tests: platforms, customers with regions, staff, images.
import type { ResponseOf } from '@/lib/api/contract';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { feedbackTypes, userPlatformRegions, users } from '@/lib/server/db/schema';
import { setRoles } from '@/lib/server/services/accounts/staff';
import { seedFeedback } from '@/lib/server/seed/feedback';
import { call, ok } from './api-client';
import { registerUser } from './accounts';
import { png, send, type Grant } from './uploads';

/** Feedback answers, typed by the contract. */
export type Detail = ResponseOf<'QueryFeedbackById'>;
export type Page = ResponseOf<'QueryUserFeedbackForPage'>;
export type Reply = ResponseOf<'AddFeedbackReplay'>;

/** Platforms and types as seeded, plus a customer with two farming regions, another customer and a staff account. */
export async function feedbackWorld() {
  const db = await getDb();
  await seedFeedback(db, { demo: true });
  const alice = await registerUser(undefined, undefined, 'Alice Grower');
  const bob = await registerUser(undefined, undefined, 'Bob Trader');
  const staff = await registerUser(undefined, undefined, 'Support Sam');
  await setRoles(db, staff.phone, ['support']);
  const [a] = await db.select({ id: users.id }).from(users).where(eq(users.phone, alice.phone));
  await db.insert(userPlatformRegions).values([
    {
      userId: a!.id,
      platformKey: 'farming',
      regionCode: '370783',
      nameZh: '山东省寿光市',
      nameEn: 'Shouguang, Shandong',
      sort: 0,
    },
    {
      userId: a!.id,
      platformKey: 'farming',
      regionCode: '370828',
      nameZh: '山东省金乡县',
      nameEn: 'Jinxiang, Shandong',
      sort: 1,
    },
  ]);
  const types = await db.select().from(feedbackTypes);
  const typeId = (platform: string, code = 'bug') =>
    types.find((t) => t.platformKey === platform && t.code === code)!.id;
  return { alice, bob, staff, typeId };
}

export const feedbackGrant = (token: string) => ok('UpLoadFileAuths', { token, query: { purpose: 'feedback' } });

/** Uploads `n` distinct PNGs with one feedback grant; answers the grant and the stored keys. */
export async function uploadImages(token: string, n: number, grant?: Grant) {
  const g = grant ?? (await feedbackGrant(token));
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await send(token, g.grant, png(i * 17 + keys.length));
    if (r.body.code !== 1) throw new Error(`upload ${i} answered ${JSON.stringify(r.body)}`);
    keys.push(r.body.data!.key);
  }
  return { grant: g, keys };
}

let seq = 0;
/** A valid AddInfoFeedback body for the farming platform (the user's first region when they have one). */
export function feedbackBody(typeId: string, over: Record<string, unknown> = {}) {
  return {
    plaformKey: 'farming',
    typeId,
    regionCode: '370783',
    title: `Price chart does not load ${++seq}`,
    content: 'The tomato price chart stays empty since this morning.',
    images: [] as string[],
    contactPhone: '13912345678',
    ...over,
  };
}

export const fileFeedback = (token: string, body: Record<string, unknown>) =>
  ok('AddInfoFeedback', { token, body: body as never });
export const addFeedback = (token: string, body: Record<string, unknown>) =>
  call('AddInfoFeedback', { token, body: body as never });
