import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../../common/auth/access.js';
import type { CurrentUser } from '../../../common/auth/current-user.js';
import { isStaff } from '../../../common/auth/roles.js';
import { FIGURES_CHANGED_TOPIC, toFiguresChangedEvent } from '../../../common/figures-changed.js';
import type { EventBus } from '../../../graphql/event-bus.js';
import { liveStream } from '../../../graphql/live-stream.js';
import { FiguresChangeKind, type FiguresChangedView } from './figures.types.js';

/** The accounts a member may read (the rule of `assertAccountAccess`: any link, past or present). */
async function memberAccounts(em: EntityManager, memberId: number | null): Promise<Set<number>> {
  if (memberId === null) return new Set();
  const rows = await em.execute<{ account_id: number }[]>(
    'select distinct account_id from member_account_link where member_id = ?',
    [memberId],
  );
  return new Set(rows.map((row) => Number(row.account_id)));
}

/**
 * The `figuresChanged` source: first `LISTENING` (the client refetches: it may have missed changes while it was not
 * listening), then every figures event (common/figures-changed.ts). Staff and reporters hear every account; a member
 * only their own accounts' ids (read once, when the subscription starts), and the bank days. Nothing else travels.
 */
export async function watchFigures(
  em: EntityManager,
  user: CurrentUser | null,
  events: EventBus,
): Promise<AsyncIterableIterator<FiguresChangedView>> {
  const caller = requireUser(user);
  const own = isStaff(caller.roles) ? null : await memberAccounts(em, caller.memberId);
  return liveStream<FiguresChangedView>(events, FIGURES_CHANGED_TOPIC, {
    current: () => Promise.resolve({ accountIds: [], everyAccount: false, reasons: [FiguresChangeKind.LISTENING] }),
    fromEvent: (payload) => {
      const event = toFiguresChangedEvent(payload);
      if (!event) return null;
      const accountIds = own === null ? event.accountIds : event.accountIds.filter((id) => own.has(id));
      if (!event.everyAccount && accountIds.length === 0) return null;
      return {
        accountIds,
        everyAccount: event.everyAccount,
        reasons: event.reasons.map((reason) => reason as string as FiguresChangeKind),
      };
    },
  });
}
