import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as validation from './/index.js';

const here = new URL('.', import.meta.url);
const sources = readdirSync(here).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));

describe('validation shared with the client', () => {
  it.each(sources)('%s imports only relative files ending in .js (the React client bundles it as is)', (name) => {
    const text = readFileSync(new URL(name, here), 'utf8');
    const specifiers = [...text.matchAll(/\bfrom\s+'([^']+)'/g)].map((match) => match[1]);
    for (const specifier of specifiers) expect(specifier).toMatch(/^\.\.?\/[\w./-]+\.js$/);
    expect(text).not.toMatch(/\b(?:process|Buffer|require)\b[.(]/);
  });

  it('re-exports every validator from index', () => {
    for (const name of ['validateBpayPayment', 'validateBsb', 'validateEftDetails', 'nextDirectDebitAccountNumber']) {
      expect(validation).toHaveProperty(name);
    }
    for (const name of ['maskCardNumber', 'parseDateInput', 'readAmountInput', 'DEMO_BPAY_BILLERS']) {
      expect(validation).toHaveProperty(name);
    }
  });
});
