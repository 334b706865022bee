import { Authorized, Resolver, Root, Subscription } from 'type-graphql';
import { SIGNED_IN } from '../../../common/auth/roles.js';
import type { GraphQLContext } from '../../../graphql/context.js';
import { watchFigures } from './figures-feed.js';
import { FiguresChangedView } from './figures.types.js';

@Resolver()
export class FiguresResolver {
  @Authorized(SIGNED_IN)
  @Subscription(() => FiguresChangedView, {
    name: 'figuresChanged',
    description:
      'The accounts whose figures changed, after each change commits (money moved, a status changed, a bank day): ' +
      'first LISTENING. Members: their own accounts only; staff: every account.',
    subscribe: ({ context }) => {
      const { em, user, services } = context as GraphQLContext;
      return watchFigures(em, user, services.events);
    },
  })
  figuresChanged(@Root() change: FiguresChangedView): FiguresChangedView {
    return change;
  }
}
