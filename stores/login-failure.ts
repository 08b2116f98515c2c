import { create } from 'zustand';

/** Default login failure code (docs/screens.md). */
export const DEFAULT_LOGIN_FAILURE_CODE = 1;

export type LoginFailureState = {
  code: number;
  msg: string;
  /** Bumped on every event so subscribers see repeats of the same code and msg. */
  seq: number;
  raise: (code: number, msg: string) => void;
  reset: () => void;
};

/** The login-failure event of docs/screens.md, raised on every 401. */
export const useLoginFailure = create<LoginFailureState>()((set) => ({
  code: DEFAULT_LOGIN_FAILURE_CODE,
  msg: '',
  seq: 0,
  raise: (code, msg) => set((s) => ({ code, msg, seq: s.seq + 1 })),
  reset: () => set({ code: DEFAULT_LOGIN_FAILURE_CODE, msg: '' }),
}));
