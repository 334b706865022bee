import { describe, expect, it } from 'vitest';
import { actsAsStaff, isStaff, Role } from './roles.js';

describe('isStaff and actsAsStaff', () => {
  it.each([
    [[Role.MEMBER], false, false],
    [[Role.REPORTER], true, false],
    [[Role.AGENT], true, true],
    [[Role.BRANCH_AGENT], true, true],
    [[Role.MANAGER], true, true],
    [[Role.ADMIN], true, true],
    [[Role.REPORTER, Role.AGENT], true, true],
    [[], false, false],
  ])('%j: staff %s, acts as staff %s', (roles, staff, acts) => {
    expect(isStaff(roles)).toBe(staff);
    expect(actsAsStaff(roles)).toBe(acts);
  });
});
