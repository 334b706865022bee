import ts from 'typescript';

/**
 * The static half of transaction-guard.ts: finds, in a source file, the pattern that runs a query outside its open
 * transaction. Inside the callback of `X.transactional((tx) => …)`:
 * - the outer entity manager `X` itself (a query on it, or handing it to a function, bypasses `tx`);
 * - `orm.em`, `this.orm` or `.fork()` (a new entity manager without the transaction);
 * and anywhere: `.getConnection().execute(…)` without the transaction argument (it ignores the manager's
 * transaction; `em.execute` does not).
 */
export interface TransactionFinding {
  line: number;
  text: string;
  why: string;
}

function line(source: ts.SourceFile, node: ts.Node): number {
  return source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
}

function isGetConnectionExecute(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'execute') return false;
  const receiver = callee.expression;
  return (
    ts.isCallExpression(receiver) &&
    ts.isPropertyAccessExpression(receiver.expression) &&
    receiver.expression.name.text === 'getConnection'
  );
}

function transactionalCallback(node: ts.CallExpression): { outer: string; body: ts.Node } | null {
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'transactional') return null;
  const callback = node.arguments[0];
  if (!callback || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return null;
  return { outer: callee.expression.getText(), body: callback.body };
}

/** Nodes inside `body` that reach the database around the transaction whose outer manager is `outer`. */
function bypasses(source: ts.SourceFile, outer: string, body: ts.Node, found: TransactionFinding[]): void {
  const visit = (node: ts.Node): void => {
    const text = ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) ? node.getText(source) : null;
    const parent = node.parent;
    const isReceiverName =
      parent &&
      ((ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node));
    if (text !== null && !isReceiverName) {
      if (text === outer) {
        found.push({ line: line(source, node), text, why: `the outer "${outer}" inside its own transaction` });
        return;
      }
      if (text === 'orm.em' || text === 'this.orm') {
        found.push({ line: line(source, node), text, why: `${text} inside a transaction` });
        return;
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (node.expression.name.text === 'fork') {
        found.push({ line: line(source, node), text: node.getText(source), why: 'a fresh fork inside a transaction' });
      }
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
}

export function scanTransactions(fileName: string, text: string): TransactionFinding[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const found: TransactionFinding[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const transaction = transactionalCallback(node);
      if (transaction) bypasses(source, transaction.outer, transaction.body, found);
      if (isGetConnectionExecute(node) && node.arguments.length < 4) {
        found.push({
          line: line(source, node),
          text: node.getText(source).split('\n')[0],
          why: 'getConnection().execute ignores the entity manager’s transaction: use em.execute',
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
