import { goToLogin as goToLoginScreen } from '@/stores/session';
import { REOPEN_FEEDBACK_KEY } from './reopen';

/** Sends a visitor to log in and back here after it; with `reopen`, the feedback modal opens again on return. */
export async function goToLogin({
  reopen = false,
  navigate,
}: {
  reopen?: boolean;
  navigate?: (path: string) => void;
} = {}) {
  if (reopen) {
    try {
      window.sessionStorage.setItem(REOPEN_FEEDBACK_KEY, '1');
    } catch {
      // Private mode without storage: the user just opens the modal again.
    }
  }
  await goToLoginScreen({ navigate });
}
