import 'server-only';
import type { Db } from '../db/client';
import { marketBriefArticles } from '../services/content/market-briefs';
import { publishNewsSeoJson } from '../services/content/seo-json';
import { seedNews } from './content';

/** The weekly market briefs of the last twelve weeks, from the market data seeded before them. Idempotent by slug. */
export async function seedMarketBriefs(db: Db, now = new Date()) {
  const briefs = await marketBriefArticles(db, now);
  const created = await seedNews(db, now, briefs);
  await publishNewsSeoJson(db, now);
  return { created, of: briefs.length };
}
