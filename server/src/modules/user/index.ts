/** The user module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { User } from './user.entity.js';
