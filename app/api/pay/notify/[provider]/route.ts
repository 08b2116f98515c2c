import { receiveNotify } from '@/lib/server/services/commerce/payment';

// Payment providers post their notifies here (outside the contract: their format, their reply).
export const dynamic = 'force-dynamic';

export async function POST(req: Request, { params }: { params: Promise<{ provider: string }> }) {
  const { provider } = await params;
  return (await receiveNotify(provider, req)).response;
}
