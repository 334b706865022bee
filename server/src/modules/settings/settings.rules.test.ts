import { describe, expect, it } from 'vitest';
import { agreementFeeOf, overdrawRuleTextFor, releaseLabelOf, serverAddress } from './settings.service.js';

describe('agreementFeeOf (the server setting agreementFee: none by default)', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['0', null],
    ['0.00', null],
    ['abc', null],
    ['-1.00', null],
    [2.5, null],
    ['2.5', 250],
    [' 12.34 ', 1234],
  ])('%j → %j', (stored, fee) => {
    expect(agreementFeeOf(stored)).toBe(fee);
  });
});

describe('releaseLabelOf (spec 1 §1: the staff dashboard shows release {ip})', () => {
  it.each([
    ['release {ip}', '10.0.0.5', 'release 10.0.0.5'],
    ['release {ip} ({ip})', 'app-1', 'release app-1 (app-1)'],
    ['release 2.1', '10.0.0.5', 'release 2.1'],
  ])('%j with %j → %j', (template, address, label) => {
    expect(releaseLabelOf(template, address)).toBe(label);
  });

  it('names this server by an address or its host name, never blank', () => {
    expect(serverAddress()).toMatch(/\S/);
  });
});

describe('overdrawRuleTextFor (server settings: the overdraw rule for one member or many)', () => {
  const texts = {
    overdrawnRuleSingleMemberText: 'You may be overdrawn.',
    overdrawnRuleManyMembersText: 'The holders may be.',
  };
  it.each([
    ['an account of one member reads the single member’s text', 1, 'You may be overdrawn.'],
    ['an account of no linked member reads the single member’s text', 0, 'You may be overdrawn.'],
    ['an account of two members reads the many members’ text', 2, 'The holders may be.'],
  ])('%s', (_rule, count, text) => {
    expect(overdrawRuleTextFor(count, texts)).toBe(text);
  });
});
