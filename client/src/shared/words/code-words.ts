/**
 * Words from the code that must never reach a member (issue 22 item 5): the glossary a test holds every member-facing
 * string of the client and every message the server sends to members to (`code-words.test.ts`). Each entry says what
 * to write instead, in the bank's words.
 */
export interface CodeWord {
  /** What leaked. */
  pattern: RegExp;
  /** What people read instead. */
  instead: string;
}

export const CODE_WORDS: readonly CodeWord[] = [
  { pattern: /\ballocat(?:ions?|ed)\b/i, instead: 'the money set aside for a bill or category' },
  { pattern: /\bSms\b/, instead: 'SMS' },
  { pattern: /\bthe member pays the rest\b/i, instead: 'the rest is left owing' },
  {
    pattern: /\bpending confirmation [A-Z]/,
    instead: 'Car registration bill of $781.20: payment pending confirmation',
  },
  { pattern: /\bstatus(?:es)?(?: code)? \d+\b/i, instead: 'the status by its name (active, missed deposit, locked)' },
  { pattern: /Agreement ▾/, instead: 'a way that exists on the page (open your account’s Agreement summary)' },
];

/** The code words in a text, each with what to write instead. */
export function codeWordsIn(text: string): CodeWord[] {
  return CODE_WORDS.filter((word) => word.pattern.test(text));
}
