import { describe, expect, it } from 'vitest';
import { decideAccess, isWrite, rolesFor } from './access.rules.js';
import { Role } from './roles.js';

const { MEMBER, AGENT, MANAGER, REPORTER } = Role;

describe('isWrite', () => {
  it.each([
    ['Mutation.saveProfilePreferences', true],
    ['POST /api/notifications/sendemailtosupport', true],
    ['PUT /api/billers', true],
    ['PATCH /api/x', true],
    ['DELETE /api/notes/:id', true],
    ['Query.profile', false],
    ['Subscription.sessionEvents', false],
    ['GET /api/members', false],
  ])('%s → %s', (operation, expected) => {
    expect(isWrite(operation)).toBe(expected);
  });
});

describe('rolesFor: a read-only role counts for reads and its allow-list only', () => {
  it.each([
    ['Query.reportBills', [REPORTER], [REPORTER]],
    ['Mutation.sendSupportMessage', [REPORTER], []],
    ['Mutation.logout', [REPORTER], [REPORTER]],
    ['POST /api/authentication/logout', [REPORTER], [REPORTER]],
    ['POST /api/notifications/sendemailtosupport', [REPORTER, AGENT], [AGENT]],
    ['Mutation.saveProfilePreferences', [MEMBER], [MEMBER]],
  ])('%s with %j → %j', (operation, roles, expected) => {
    expect(rolesFor(operation, roles)).toEqual(expected);
  });
});

describe('decideAccess', () => {
  it.each([
    // Reads: as declared.
    ['Query.reportBills', ['AGENT', 'REPORTER'], [REPORTER], 'allowed'],
    ['Query.profile', ['SIGNED_IN'], [REPORTER], 'allowed'],
    ['Query.agreementCapacity', ['AGENT'], [REPORTER], 'role'],
    // Writes open to any session, or naming REPORTER, refuse a read-only caller as such.
    ['Mutation.saveProfilePreferences', ['SIGNED_IN'], [REPORTER], 'read-only'],
    ['POST /api/notifications/sendemailtosupport', ['SIGNED_IN'], [REPORTER], 'read-only'],
    ['PUT /api/x', ['AGENT', 'REPORTER'], [REPORTER], 'read-only'],
    // A write that never named the role is refused by role.
    ['Mutation.addNote', ['AGENT', 'MANAGER'], [REPORTER], 'role'],
    // The allow-list, public operations, and other roles a caller holds.
    ['Mutation.logout', ['SIGNED_IN'], [REPORTER], 'allowed'],
    ['POST /api/authentication/logout', ['SIGNED_IN'], [REPORTER], 'allowed'],
    ['Mutation.registerInterest', ['PUBLIC'], [REPORTER], 'allowed'],
    ['Mutation.saveProfilePreferences', ['SIGNED_IN'], [REPORTER, MANAGER], 'allowed'],
    ['Mutation.saveProfilePreferences', ['SIGNED_IN'], [MEMBER], 'allowed'],
    ['Mutation.addNote', ['AGENT', 'MANAGER'], [MEMBER], 'role'],
    ['Query.me', ['SIGNED_IN'], [], 'role'],
  ])('%s guarded by %j, caller %j → %s', (operation, rules, roles, expected) => {
    expect(decideAccess(operation, rules, roles)).toBe(expected);
  });
});
