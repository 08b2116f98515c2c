import { expect, test, type Locator, type Page } from '@playwright/test';
import { png } from '../__tests__/support/png';
import { CUSTOMER, FREE, STAFF } from './support/accounts';
import { loginViaApi, storeToken } from './support/api';

const RELATIVE = /just now|\d+ minutes? ago/;

function fab(page: Page) {
  return page.getByRole('button', { name: 'Feedback', exact: true });
}

/** The open feedback modal (antd on desktop, the antd-mobile sheet on phones). */
function feedbackDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Send feedback' });
}

/** Waits until `n` image uploads have answered code 1 (each goes to /api/files/upload with a grant). */
function uploadsDone(page: Page, n: number) {
  const answers: number[] = [];
  page.on('response', async (res) => {
    if (!res.url().endsWith('/api/files/upload')) return;
    answers.push(((await res.json()) as { code: number }).code);
  });
  return () =>
    expect.poll(() => answers.filter((c) => c === 1).length, { message: `${n} uploads answered code 1` }).toBe(n);
}

/** The form shows `n` finished images (antd Upload / antd-mobile ImageUploader) and none still uploading. */
async function imagesReady(dialog: Locator, isMobile: boolean, n: number) {
  if (isMobile) {
    await expect(dialog.locator('.adm-image-uploader-cell-image')).toHaveCount(n);
    await expect(dialog.locator('.adm-image-uploader-cell-mask')).toHaveCount(0);
  } else {
    await expect(dialog.locator('.ant-upload-list-item-done')).toHaveCount(n);
  }
}

/** The detail page's screenshots have all loaded: private files, read through the signed URLs the API gave this viewer. */
async function screenshotsShown(page: Page, n: number) {
  const shots = page.getByRole('img', { name: /Screenshot \d/ });
  await expect(shots).toHaveCount(n);
  await expect
    .poll(() => shots.evaluateAll((els) => els.filter((e) => (e as HTMLImageElement).naturalWidth > 0).length))
    .toBe(n);
}

/** Status tag on a detail page. */
const statusTag = (page: Page) => page.locator('[data-status]');

async function send(page: Page, box: Locator, text: string) {
  await box.getByLabel('Your reply').fill(text);
  await box.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: text })).toBeVisible();
}

test('a customer files feedback with two images from the floating button; staff replies; the customer answers and resolves it', async ({
  page,
  isMobile,
}) => {
  test.slow();
  const title = `Tomato chart stays empty ${Date.now().toString(36)}${isMobile ? 'm' : 'd'}`;
  const customerToken = await loginViaApi(page.request, CUSTOMER.phone, CUSTOMER.password);
  const staffToken = await loginViaApi(page.request, STAFF.phone, STAFF.password);
  await storeToken(page, customerToken);

  // File it from the floating button on the feedback list.
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { name: 'My feedback' })).toBeVisible();
  await fab(page).click();
  const dialog = feedbackDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByText('Smart Farming', { exact: true }).click();
  await dialog.getByText('Something does not work', { exact: true }).click();
  await dialog.getByText('Shouguang, Shandong', { exact: true }).click();
  await dialog.getByLabel('Title').fill(title);
  await dialog
    .getByLabel('Description')
    .fill('Since this morning the Shouguang tomato chart shows no points.\nTwo screenshots attached.');
  const uploaded = uploadsDone(page, 2);
  await dialog.locator('input[type=file]').setInputFiles([
    { name: 'chart.png', mimeType: 'image/png', buffer: png(10) },
    { name: 'menu.png', mimeType: 'image/png', buffer: png(20) },
  ]);
  await uploaded();
  await imagesReady(dialog, isMobile, 2);
  await expect(dialog.getByLabel('Contact phone')).toHaveValue(CUSTOMER.phone);
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await expect(dialog.getByText('Thank you — your feedback has been sent.')).toBeVisible();

  // It is in the list, pending.
  await dialog.getByRole('button', { name: 'View it' }).click();
  await expect(page).toHaveURL(isMobile ? /\/mobileFeedback\/[0-9a-f-]{36}$/ : /\/feedback\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(statusTag(page)).toHaveText('Pending');
  await screenshotsShown(page, 2);
  await page.goto('/feedback');
  const item = isMobile
    ? page.getByRole('link', { name: new RegExp(title) })
    : page.getByRole('row', { name: new RegExp(title) });
  await expect(item).toContainText('Pending');

  // Staff find it in the inbox and reply in the thread.
  await storeToken(page, staffToken);
  await page.goto('/feedback');
  await expect(page.getByRole('heading', { name: 'Feedback inbox' })).toBeVisible();
  const search = page.getByPlaceholder('Title, phone or name');
  await search.fill(title);
  await search.press('Enter');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(`Demo Customer · ${CUSTOMER.phone}`)).toBeVisible();
  await screenshotsShown(page, 2);
  await send(page, page.locator('body'), 'Fixed: the Shouguang feed was late. Please reload the chart.');
  await expect(statusTag(page)).toHaveText('Replied');

  // The customer sees the reply with its relative time, answers, and resolves it.
  await storeToken(page, customerToken);
  await page.goto(`/feedback/${id}`);
  const staffMessage = page.getByRole('listitem').filter({ hasText: 'Fixed: the Shouguang feed was late.' });
  await expect(staffMessage).toContainText('Staff');
  await expect(staffMessage).toContainText(RELATIVE);
  await expect(statusTag(page)).toHaveText('Replied');
  await send(page, page.locator('body'), 'Works now, thank you.');
  await expect(statusTag(page)).toHaveText('Pending');
  await page.getByRole('button', { name: 'Mark as resolved' }).click();
  // Confirm: antd's Popconfirm on desktop, antd-mobile's Dialog on phones.
  await page
    .getByRole(isMobile ? 'dialog' : 'tooltip')
    .getByRole('button', { name: 'Mark as resolved' })
    .click();
  await expect(statusTag(page)).toHaveText('Resolved');
  await expect(page.getByText('This feedback is resolved; the conversation is closed.')).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveCount(0);
  await page.goto('/feedback');
  await expect(item).toContainText('Resolved');
});

test('a visitor is asked to log in first, and comes back to the page with the feedback modal open', async ({
  page,
  isMobile,
}) => {
  test.slow();
  await page.goto('/documents');
  await fab(page).click();
  const dialog = feedbackDialog(page);
  await expect(dialog.getByText('Log in to send feedback')).toBeVisible();
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL((u) => u.pathname === (isMobile ? '/mobileLogin' : '/login'));
  expect(await page.evaluate(() => sessionStorage.getItem('loginUrl'))).toBe('/documents');

  const login = page.locator('#loginId');
  await login.getByLabel('Mobile number').fill(FREE.phone);
  await login.getByLabel('Password').fill(FREE.password);
  await login.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/documents');
  await expect(feedbackDialog(page)).toBeVisible();
  await expect(feedbackDialog(page).getByText('Platform', { exact: true })).toBeVisible();
});

test('a link to someone else’s feedback is not found', async ({ page }) => {
  const token = await loginViaApi(page.request, FREE.phone, FREE.password);
  await storeToken(page, token);
  await page.goto('/feedback/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Feedback not found')).toBeVisible();
});
