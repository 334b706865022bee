import type { NextFunction, Request, Response } from 'express';
import { findInputProblem, textProblem, type InputProblem } from '../common/input-guard.js';

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
 * The edge rule (common/input-guard.ts) over the legacy façade and POST /Token: body, query string and path,
 * before authentication or any handler. A refusal is a 400 naming the field; nothing else is read or written.
 */
export function restInputGuard(req: Request, res: Response, next: NextFunction): void {
  const problem =
    pathProblem(req.path) ?? findInputProblem(req.query ?? {}, '') ?? findInputProblem(req.body ?? null, '');
  if (!problem) {
    next();
    return;
  }
  res.status(400).json({ message: problem.message, code: 'INVALID_INPUT', field: problem.field || undefined });
}
