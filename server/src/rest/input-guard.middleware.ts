import type { Request, Response } from 'express';
import { findInputProblem, textProblem, type InputProblem } from '../shared/input-guard.js';

/** The path's segments as the routes will see them (decoded); a malformed escape is itself a problem. */
function pathProblem(path: string): InputProblem | null {
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return { field: 'path', message: 'The path is not valid.' };
    }
    const problem = textProblem(decoded, 'path');
    if (problem) return problem;
  }
  return null;
}

/**
 * The edge rule (shared/input-guard.ts) over the legacy façade and POST /Token: body, query string and path. The
 * router applies it to a matched route once the caller may use it (a stranger is told 401, not what is wrong with
 * the body: issue 21 item 7), before the handler. A refusal is a 400 naming the field; nothing is read or written.
 */
export function restInputProblem(req: Request): InputProblem | null {
  return pathProblem(req.path) ?? findInputProblem(req.query ?? {}, '') ?? findInputProblem(req.body ?? null, '');
}

export function refuseInput(res: Response, problem: InputProblem): void {
  res.status(400).json({ message: problem.message, code: 'INVALID_INPUT', field: problem.field || undefined });
}
