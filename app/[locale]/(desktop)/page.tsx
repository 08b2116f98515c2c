import type { Metadata } from 'next';
import { HomePage } from '@/components/desktop/home/home-page';
import { getMessages } from '@/lib/i18n/server';

export async function generateMetadata(): Promise<Metadata> {
  const m = await getMessages();
  return { description: m.meta.description, alternates: { canonical: '/' } };
}

export default async function Page() {
  return <HomePage messages={await getMessages()} />;
}
