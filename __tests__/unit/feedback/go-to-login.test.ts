import { goToLogin } from '@/components/shared/feedback/go-to-login';
import { REOPEN_FEEDBACK_KEY } from '@/components/shared/feedback/reopen';

const navigate = jest.fn();

beforeEach(() => {
  navigate.mockClear();
  sessionStorage.clear();
  window.history.pushState(null, '', '/documents/12?q=rice');
});

describe('asking a visitor to log in first', () => {
  it('keeps where they were (sessionStorage loginUrl) and goes to the device’s login screen', async () => {
    await goToLogin({ navigate });
    expect(sessionStorage.getItem('loginUrl')).toBe('/documents/12?q=rice');
    expect(sessionStorage.getItem(REOPEN_FEEDBACK_KEY)).toBeNull();
    // jsdom has touch events, so by docs/screens.md it is no desktop: the mobile login screen.
    expect(navigate).toHaveBeenCalledWith('/mobileLogin');
  });

  it('asks for the feedback modal again after the login when it came from the modal', async () => {
    await goToLogin({ reopen: true, navigate });
    expect(sessionStorage.getItem(REOPEN_FEEDBACK_KEY)).toBe('1');
    expect(navigate).toHaveBeenCalledWith('/mobileLogin');
  });
});
