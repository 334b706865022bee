/** The hardship module's public surface (issue 24 item 4): code outside it imports it only from here. */
export { HardshipCase } from './hardship-case.entity.js';
export { HardshipResolver } from './hardship.resolver.js';
export { HardshipService } from './hardship.service.js';
