import { Authorized, Ctx, Field, Int, Mutation, ObjectType, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireUser } from '../../common/auth/access.js';
import { isStaff, Role, SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { publishSessionEnded, sessionTopic } from './session.events.js';

@ObjectType({ description: 'The signed-in user.' })
export class Viewer {
  @Field()
  username!: string;

  @Field()
  displayName!: string;

  @Field(() => [Role])
  roles!: Role[];

  @Field(() => Int, { nullable: true })
  memberId?: number | null;

  @Field()
  isStaff!: boolean;
}

@ObjectType({ description: 'Something that happened to the caller’s session.' })
export class SessionEvent {
  @Field({ description: 'ENDED when the session was signed out or revoked elsewhere.' })
  type!: string;

  @Field()
  reason!: string;
}

@Resolver()
export class AuthResolver {
  @Authorized(SIGNED_IN)
  @Query(() => Viewer)
  me(@Ctx() { user }: GraphQLContext): Viewer {
    const caller = requireUser(user);
    return { ...caller, isStaff: isStaff(caller.roles) };
  }

  @Authorized(SIGNED_IN)
  @Mutation(() => Boolean, { description: 'Ends the session: every token of it stops working at once.' })
  async logout(@Ctx() { em, user, services }: GraphQLContext): Promise<boolean> {
    const caller = requireUser(user);
    await services.auth.logout(em, caller);
    publishSessionEnded(services.events, caller.sessionId, 'logout');
    return true;
  }

  @Authorized(SIGNED_IN)
  @Subscription(() => SessionEvent, {
    description: 'Tells every open tab of a session when it ends.',
    subscribe: ({ context }) => {
      const caller = requireUser((context as GraphQLContext).user);
      return (context as GraphQLContext).services.events.subscribe(sessionTopic(caller.sessionId));
    },
  })
  sessionEvents(@Root() event: SessionEvent): SessionEvent {
    return event;
  }
}
