'use server';

import { cookies } from 'next/headers';
import { isLocale, LOCALE_COOKIE } from './config';

const ONE_YEAR = 60 * 60 * 24 * 365;

/** The header's language switch: a plain form post, so it works before (and without) hydration. */
export async function setLocaleAction(formData: FormData): Promise<void> {
  const value = formData.get('locale');
  if (!isLocale(value)) return;
  (await cookies()).set(LOCALE_COOKIE, value, { path: '/', maxAge: ONE_YEAR, sameSite: 'lax' });
}
