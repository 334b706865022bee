// The bill status codes and their rules are pure and shared with the client (server/src/shared/bill/).
export * from '../../shared/bill/bill-status.rules.js';
