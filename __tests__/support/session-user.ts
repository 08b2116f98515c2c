// A signed-in customer as GetCurrentUser answers it, for the browser-side (jsdom) tests.
import type { UserDTO } from '@/lib/api/schemas/user';

export const sessionUser: UserDTO = {
  id: 'u1',
  phone: '13800138000',
  nickname: 'Li Wei',
  sourcePlaformCode: 'farming',
  isStaff: false,
  createdAt: '2024-01-01T00:00:00Z',
};
