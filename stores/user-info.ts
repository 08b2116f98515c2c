import { create } from 'zustand';
import type { UserMemberDTO } from '@/lib/api/schemas/member';
import type { UploadGrant, UserDTO, UserExtendDTO } from '@/lib/api/schemas/user';

/** GetCurrentUser merged with QueryUserExtendDTO (docs/screens.md). */
export type SessionUser = UserDTO & Partial<UserExtendDTO>;

/**
 * idle: start-up has not looked yet; loading: the start-up calls are running;
 * ready: a user is loaded; anonymous: no token, or the session ended.
 */
export type SessionStatus = 'idle' | 'loading' | 'ready' | 'anonymous';

export type UserInfoData = {
  user: SessionUser | null;
  filePathPrefix: string;
  member: UserMemberDTO | null;
  /** Upload authorisation, kept next to the user info (docs/screens.md). */
  uploadAuth: UploadGrant | null;
  status: SessionStatus;
};

export type UserInfoState = UserInfoData & {
  setUserInfo: (patch: Partial<UserInfoData>) => void;
  /** Resets to empty; the visitor is then known to be logged out. */
  clearUserInfo: () => void;
};

export const emptyUserInfo: UserInfoData = {
  user: null,
  filePathPrefix: '',
  member: null,
  uploadAuth: null,
  status: 'idle',
};

export const useUserInfo = create<UserInfoState>()((set) => ({
  ...emptyUserInfo,
  setUserInfo: (patch) => set(patch),
  clearUserInfo: () => set({ ...emptyUserInfo, status: 'anonymous' }),
}));
