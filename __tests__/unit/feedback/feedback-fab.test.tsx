import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { FeedbackFab } from '@/components/shared/feedback/feedback-fab';
import { REOPEN_FEEDBACK_KEY } from '@/components/shared/feedback/reopen';
import { useFeedbackFrame } from '@/stores/feedback-frame';
import { emptyUserInfo, useUserInfo } from '@/stores/user-info';
import { sessionUser } from '../../support/session-user';

// Stands in for the antd / antd-mobile modal chunk: counts how often it is fetched.
let loads = 0;
const FakeModal = lazy(async () => {
  loads++;
  return { default: () => <div role="dialog" aria-label="Send feedback" /> };
});

const user = sessionUser;

beforeEach(() => {
  loads = 0;
  useFeedbackFrame.setState({ frameState: false });
  useUserInfo.setState({ ...emptyUserInfo });
  sessionStorage.clear();
});

describe('floating feedback button', () => {
  it('loads the modal only when first opened, and opens the frame (docs/screens.md frameState)', async () => {
    render(<FeedbackFab variant="desktop" label="Feedback" Modal={FakeModal} />);
    const button = screen.getByRole('button', { name: 'Feedback' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(loads).toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(button);
    expect(useFeedbackFrame.getState().frameState).toBe(true);
    expect(await screen.findByRole('dialog', { name: 'Send feedback' })).toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('is an icon button with the label as its name on phones', () => {
    render(<FeedbackFab variant="mobile" label="意见反馈" Modal={FakeModal} />);
    const button = screen.getByRole('button', { name: '意见反馈' });
    expect(button).not.toHaveTextContent('意见反馈');
  });

  it('opens again by itself when a visitor comes back logged in from the login it asked for', async () => {
    sessionStorage.setItem(REOPEN_FEEDBACK_KEY, '1');
    useUserInfo.setState({ status: 'loading' });
    render(<FeedbackFab variant="desktop" label="Feedback" Modal={FakeModal} />);
    expect(useFeedbackFrame.getState().frameState).toBe(false);

    act(() => useUserInfo.setState({ status: 'ready', user }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(useFeedbackFrame.getState().frameState).toBe(true);
    expect(sessionStorage.getItem(REOPEN_FEEDBACK_KEY)).toBeNull();
  });

  it('does not open by itself without that request', () => {
    useUserInfo.setState({ status: 'ready', user });
    render(<FeedbackFab variant="desktop" label="Feedback" Modal={FakeModal} />);
    expect(useFeedbackFrame.getState().frameState).toBe(false);
    expect(loads).toBe(0);
  });
});
