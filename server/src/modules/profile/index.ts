/** The profile module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { ProfileResolver } from './profile.resolver.js';
export { profileRoutes } from './profile.rest.js';
export { ProfileService } from './profile.service.js';
