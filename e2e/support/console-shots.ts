import path from 'node:path';
import type { Page } from '@playwright/test';

/** Screenshots of a console screen for the report, when asked for (CONSOLE_SHOTS=dir): at 1440 and 1024 px. */
export async function shoot(page: Page, name: string) {
  const dir = process.env.CONSOLE_SHOTS;
  if (!dir) return;
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
