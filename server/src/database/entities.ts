import { Account } from '../modules/account/account.entity.js';
import { MemberAccountLink } from '../modules/account/member-account-link.entity.js';
import { Agreement } from '../modules/agreement/agreement.entity.js';
import { RefreshToken } from '../modules/auth/refresh-token.entity.js';
import { Session } from '../modules/auth/session.entity.js';
import { Branch } from '../modules/branch/branch.entity.js';
import { InterestRegistration } from '../modules/member/interest-registration.entity.js';
import { Member } from '../modules/member/member.entity.js';
import { Setting } from '../modules/settings/setting.entity.js';
import { User } from '../modules/user/user.entity.js';

/** Every entity, listed explicitly (no folder scanning: it breaks under bundlers and test runners). */
export const entities = [
  Branch,
  Member,
  InterestRegistration,
  User,
  Session,
  RefreshToken,
  Account,
  MemberAccountLink,
  Agreement,
  Setting,
];
