import { describe, expect, it } from 'vitest';
import { AgreementStatus } from '../agreement/agreement-status.js';
import { type ContactSituation, suggestedTemplate, templateOffered } from './contact-template.rules.js';

const calm: ContactSituation = {
  status: AgreementStatus.Active,
  inArrears: false,
  goingShort: false,
  renewalDue: false,
  billDueSoon: false,
};

describe('suggestedTemplate (Contact member opens with the template that fits)', () => {
  it.each([
    ['an active agreement with nothing to say', calm, 'GeneralContact'],
    ['a bill due soon', { ...calm, billDueSoon: true }, 'BillReminder'],
    ['the end coming', { ...calm, renewalDue: true, billDueSoon: true }, 'RenewalReminder'],
    ['going short', { ...calm, goingShort: true, renewalDue: true }, 'ShortfallWarning'],
    [
      'in arrears',
      { ...calm, status: AgreementStatus.MissedDeposit, inArrears: true, goingShort: true },
      'ArrearsReminder',
    ],
    ['locked, in arrears too', { ...calm, status: AgreementStatus.Locked, inArrears: true }, 'LockedAgreementContact'],
    ['approved, not started', { ...calm, status: AgreementStatus.Approved }, 'GeneralContact'],
  ])('%s → %s', (_name, situation, template) => {
    expect(suggestedTemplate(situation)).toBe(template);
  });
});

describe('templateOffered (a template that says something true only then)', () => {
  it.each([
    ['ArrearsReminder', calm, false],
    ['ArrearsReminder', { ...calm, inArrears: true }, true],
    ['LockedAgreementContact', calm, false],
    ['LockedAgreementContact', { ...calm, status: AgreementStatus.Locked }, true],
    ['ShortfallWarning', calm, false],
    ['ShortfallWarning', { ...calm, goingShort: true }, true],
    ['GeneralContact', calm, true],
    ['BillReminder', calm, true],
    ['RenewalReminder', calm, true],
  ])('%s in %j → %s', (name, situation, offered) => {
    expect(templateOffered(name, situation)).toBe(offered);
  });
});
