import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { pendingWording } from '../../features/activity/activity-details';
import { payScreenTitle } from '../../features/bills/bill-rules';
import { codeWordsIn } from './code-words';

/**
 * Issue 22 item 5: words from the code never reach people. Every string a screen of the client can show (JSX text,
 * the text props of components, sentences in string and template literals) and every message the server writes
 * for people (its sentences outside schema descriptions, SQL and logs; the notice templates in the migrations) is
 * read against the glossary (`code-words.ts`); so are the sentences the screens compose from stored text.
 */

/** The sources read (their text, by path), through the bundler: the client's screens, the server, the migrations. */
const CLIENT = import.meta.glob(
  ['../../**/*.{ts,tsx}', '!../../gql/**', '!../../**/*.test.{ts,tsx}', '!./code-words.ts'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
) as Record<string, string>;
const SERVER = import.meta.glob(
  [
    '../../../../server/src/**/*.ts',
    '!../../../../server/src/**/*.test.ts',
    '!../../../../server/src/{seed,simulation,bench}/**',
    '!../../../../server/src/**/test-facts.ts',
    // The cluster command's HAProxy configuration (`http-check expect status 200`) is read by HAProxy, not a person.
    '!../../../../server/src/scripts/cluster/**',
    '../../../../migrations/*.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
) as Record<string, string>;

/** Component props and object keys whose string is shown as it is, even a single word ('Sms'). */
const SHOWN_KEYS = new Set([
  'label',
  'title',
  'heading',
  'placeholder',
  'aria-label',
  'alt',
  'hint',
  'loadingText',
  'lead',
  'what',
  'text',
  'message',
]);

/** Keys whose string is for developers (GraphQL schema descriptions) or is code. */
const CODE_KEYS = new Set(['description', 'deprecationReason', 'className', 'testId', 'data-testid', 'href', 'to']);

/** SQL (written in lower case here), never shown. */
const SQL =
  /^\s*(select|insert into|update|delete from|with|create|alter|drop|from|where|join|left join|order by|and|or|case|coalesce)\s/;

function keyOf(node: ts.Node): string | null {
  // A long text written as 'a' + 'b' belongs to the key of the whole.
  while (ts.isBinaryExpression(node.parent) || ts.isParenthesizedExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    return ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name) ? parent.name.text : null;
  }
  if (ts.isJsxAttribute(parent)) return parent.name.getText();
  if (ts.isJsxExpression(parent) && ts.isJsxAttribute(parent.parent)) return parent.parent.name.getText();
  return null;
}

/** Whether a string is an argument of a logger or test call (for developers, not people). */
function inDeveloperCall(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at && !ts.isSourceFile(at); at = at.parent) {
    if (ts.isCallExpression(at)) {
      const callee = at.expression.getText();
      if (/^(logger|log|console|this\.logger|app\.log)\b|\.(debug|info|warn|trace)$|^(describe|it|test)\b/.test(callee))
        return true;
    }
  }
  return false;
}

/** The strings of a file people may read, with their line. */
function shownStrings(file: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? 4 : 3);
  const found: { line: number; text: string }[] = [];
  const add = (node: ts.Node, value: string) => {
    const key = keyOf(node);
    if (key !== null && CODE_KEYS.has(key)) return;
    const sentence = /\s/.test(value.trim());
    if (!sentence && !(key !== null && SHOWN_KEYS.has(key)) && !ts.isJsxText(node)) return;
    if (SQL.test(value) || inDeveloperCall(node)) return;
    if (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) return;
    found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: value });
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      // The sentence as written, each ${…} a gap: "Pay ${variant}" is read as "Pay …".
      add(node, [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…'));
    } else if (ts.isJsxText(node) && node.text.trim()) add(node, node.text.trim());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function leaks(files: Record<string, string>): string[] {
  return Object.entries(files).flatMap(([file, content]) =>
    shownStrings(file, content).flatMap(({ line, text }) =>
      codeWordsIn(text).map(
        (word) =>
          `${file.replace(/^(\.\.\/)+/, '')}:${line}: "${text.slice(0, 120)}" (${word.pattern}: ${word.instead})`,
      ),
    ),
  );
}

describe('words from the code (issue 22 item 5)', () => {
  it('no screen of the client shows one', () => {
    expect(Object.keys(CLIENT).length).toBeGreaterThan(100);
    expect(leaks(CLIENT)).toEqual([]);
  });

  it('no message of the server shows one (errors, notices, activity details, the notice templates)', () => {
    expect(Object.keys(SERVER).length).toBeGreaterThan(100);
    expect(leaks(SERVER)).toEqual([]);
  });

  it.each([
    ['a pending payment in the history', pendingWording('Paid Car registration bill of $781.20', true)],
    ['the pay screen of a category', payScreenTitle('pay', 'allocation')],
    ['the reimburse screen of a category', payScreenTitle('reimburse', 'allocation')],
    ['the pay screen of a bill', payScreenTitle('pay', 'bill')],
  ])('composes %s in words: "%s"', (_where, text) => {
    expect(codeWordsIn(text)).toEqual([]);
  });

  it.each([
    ['Pay allocation'],
    ['Combined allocation'],
    ['Sms'],
    ['Short pay (the member pays the rest)'],
    ['pending confirmation Car registration bill of $781.20'],
    ['Bills can be paid in status 4.'],
    ['To pay a bill, open Agreement ▾ and choose Pay a bill.'],
  ])('knows "%s" for a leak', (text) => {
    expect(codeWordsIn(text)).not.toEqual([]);
  });
});
