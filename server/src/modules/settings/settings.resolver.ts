import { Authorized, Ctx, Query, Resolver } from 'type-graphql';
import { PUBLIC, SIGNED_IN } from '../../common/auth/roles.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { ClientSettings, InstitutionDay, ServerSettings } from './settings.types.js';

@Resolver()
export class SettingsResolver {
  @Authorized(PUBLIC)
  @Query(() => ServerSettings, { description: 'Server settings (public, as GET /api/settings).' })
  serverSettings(@Ctx() { em, services }: GraphQLContext): Promise<ServerSettings> {
    return services.settings.serverSettings(em);
  }

  @Authorized(PUBLIC)
  @Query(() => ClientSettings, { description: 'Institution texts and links for the client (public).' })
  clientSettings(@Ctx() { em, services }: GraphQLContext): Promise<ClientSettings> {
    return services.settings.clientSettings(em);
  }

  @Authorized(SIGNED_IN)
  @Query(() => InstitutionDay, { description: 'The institution’s today and time zone (any signed-in user).' })
  institutionDay(@Ctx() { services }: GraphQLContext): InstitutionDay {
    return { today: services.clock.today(), timeZone: services.config.timeZone };
  }
}
