import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from 'antd';
import { installErrorHandler } from '@/components/shared/errors/error-handler';
import { request } from '@/lib/api/request';
import { useReloginPrompt } from '@/stores/relogin-prompt';
import { mockFetch, unauthorized } from './support/fetch-mock';

// The real lazily loaded antd confirm, driven through the global handler.
// Loading antd the first time is slow when the whole suite runs in parallel.
jest.setTimeout(20_000);
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

let navigate: jest.Mock;
let uninstall: () => void;
let touchOwner: object | undefined;
let touchDescriptor: PropertyDescriptor | undefined;

beforeAll(() => {
  // jsdom cannot compute pseudo-element styles (antd measures the scrollbar with one).
  const computed = window.getComputedStyle.bind(window);
  jest.spyOn(window, 'getComputedStyle').mockImplementation((elt) => computed(elt));
  // jsdom reports touch events; a desktop browser does not.
  let o: object | null = window;
  while (o && !Object.prototype.hasOwnProperty.call(o, 'ontouchstart')) o = Object.getPrototypeOf(o);
  if (o) {
    touchOwner = o;
    touchDescriptor = Object.getOwnPropertyDescriptor(o, 'ontouchstart');
    delete (o as Record<string, unknown>).ontouchstart;
  }
  jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(DESKTOP_UA);
});
afterAll(() => {
  if (touchOwner && touchDescriptor) Object.defineProperty(touchOwner, 'ontouchstart', touchDescriptor);
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useReloginPrompt.setState({ open: false });
  document.documentElement.lang = 'en';
  navigate = jest.fn();
  uninstall = installErrorHandler({
    location: () => ({ pathname: '/equitiesCentre/member', search: '?level=gold' }),
    navigate,
  });
  mockFetch({ GetCurrentUser: unauthorized, QueryNewsById: { body: { code: 404, msg: 'news not found' } } });
});
afterEach(async () => {
  uninstall();
  Modal.destroyAll();
  await waitFor(() => expect(document.querySelector('.ant-modal')).toBeNull());
});

it('shows the antd re-login confirm (416 px) and its login button goes to /login', async () => {
  localStorage.setItem('token', 'old');
  await request('GetCurrentUser').catch(() => undefined);

  const dialog = await screen.findByRole('dialog', { name: 'login status has expired, please log in again' });
  expect(dialog.style.width).toBe('416px');
  expect(screen.getByRole('button', { name: 'cancel' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'login' }));
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
  expect(sessionStorage.getItem('loginUrl')).toBe('/equitiesCentre/member?level=gold');
  expect(localStorage.getItem('token')).toBeNull();
});

it("shows the antd error dialog with the server's message; 'got it' closes it", async () => {
  document.documentElement.lang = 'zh-CN';
  await request('QueryNewsById', { query: { id: 'n1' } }).catch(() => undefined);

  expect(await screen.findByText('news not found')).toBeInTheDocument();
  // antd spaces out two-character Chinese button labels.
  expect(screen.getByRole('button', { name: /取\s?消/ })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: '知道了' }));
  await waitFor(() => expect(screen.queryByText('news not found')).not.toBeInTheDocument());
});

it('on a mobile page shows the antd-mobile confirm; cancel only removes the token', async () => {
  uninstall();
  uninstall = installErrorHandler({ location: () => ({ pathname: '/mobileFeedback', search: '' }), navigate });
  localStorage.setItem('token', 'old');
  await request('GetCurrentUser').catch(() => undefined);

  expect(await screen.findByText('login status has expired, please log in again')).toBeInTheDocument();
  expect(document.querySelector('.adm-dialog')).not.toBeNull();
  localStorage.setItem('token', 'set-meanwhile');
  // The dialog is still animating in (pointer-events: none); a tap reaches it anyway.
  fireEvent.click(screen.getByRole('button', { name: 'cancel' }));
  await waitFor(() => expect(useReloginPrompt.getState().open).toBe(false));
  expect(localStorage.getItem('token')).toBeNull();
  expect(navigate).not.toHaveBeenCalled();
  expect(sessionStorage.getItem('loginUrl')).toBeNull();
});
