import { describe, expect, it } from 'vitest';
import { emailHtml, escapeHtml, senderOf } from './message-html.rules.js';

describe('escapeHtml', () => {
  it.each([
    ['a < b & c > d', 'a &lt; b &amp; c &gt; d'],
    [`"quoted" it's`, '&quot;quoted&quot; it&#39;s'],
    ['plain', 'plain'],
  ])('%s', (text, html) => {
    expect(escapeHtml(text)).toBe(html);
  });
});

describe('emailHtml', () => {
  const text =
    'Dear Jack,\n\nYour <Energy> bill of $12.50 is due.\n\nWhat to do: pay it.\n\nKind regards,\nHarbourside';
  const html = emailHtml(text, 'Harbourside & Co');

  it('makes each paragraph a <p>, keeps line breaks, and bolds what to do', () => {
    expect(html).toContain('<p style="margin:0 0 16px">Dear Jack,</p>');
    expect(html).toContain('Your &lt;Energy&gt; bill of $12.50 is due.');
    expect(html).toContain('<strong>What to do:</strong> pay it.');
    expect(html).toContain('Kind regards,<br>Harbourside');
  });

  it('escapes the institution’s name and never lets text become markup', () => {
    expect(html).toContain('Harbourside &amp; Co');
    expect(html).not.toContain('<Energy>');
  });
});

describe('senderOf', () => {
  it.each([
    ['no-reply@bank.example', { name: 'Harbourside Mutual Bank', address: 'no-reply@bank.example' }],
    ['Bill Smoothing <no-reply@bank.example>', { name: 'Harbourside Mutual Bank', address: 'no-reply@bank.example' }],
  ])('%s', (from, sender) => {
    expect(senderOf('Harbourside Mutual Bank', from)).toEqual(sender);
  });
});
