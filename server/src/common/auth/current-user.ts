import type { Role } from './roles.js';

/** The authenticated caller of a request, as read from a verified access token and a live session. */
export interface CurrentUser {
  userId: number;
  sessionId: string;
  username: string;
  displayName: string;
  roles: Role[];
  /** Set for members: the only member whose data they may see. */
  memberId: number | null;
}
