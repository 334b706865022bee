import { STAFF_ROLES } from '../../../common/auth/roles.js';
import { bodyField, idParam, route, type RestContext } from '../../../rest/route.js';
import { toWire } from '../../../rest/wire.js';
import { CapacityView } from './capacity.types.js';
import { restCompletion } from './completion-errors.js';

/** A query flag read case-insensitively: `true` in any case. */
export function queryFlagOf(query: Record<string, unknown>, name: string): boolean {
  return String(bodyField(query, name)).toLowerCase() === 'true';
}

/** An id from a query (text) or a JSON body (a number or text). */
export function idOf(value: unknown, name: string): number {
  return idParam(typeof value === 'number' ? String(value) : value, name);
}

/** GET /api/contracts?contractId&isCapacity (the path is wizard.rest.ts's): the capacity step, written to the wire. */
export async function capacityAnswer({ em, req, res, user, services }: RestContext): Promise<void> {
  const view = await services.capacity.get(em, user, idOf(bodyField(req.query, 'contractId'), 'contractId'));
  res.json(toWire(view, CapacityView));
}

/**
 * Spec 3 §7 capacity, over the same service as GraphQL. GET /api/contracts?contractId&isCapacity shares its path
 * with the account's versions (wizard.rest.ts), which hands over to `capacityAnswer` when isCapacity is sent.
 */
export const completionRoutes = [
  // Body: the capacity model { paymentCapacityConfirmed, newNoteText, contractId, checkedQuestions } (contractId also
  // accepted in the query).
  route('put', '/api/contracts', STAFF_ROLES, CapacityView, async ({ em, req, res, user, services }) => {
    const query = req.query as Record<string, unknown>;
    if (!queryFlagOf(query, 'isCapacity')) {
      res.status(404).json({ message: 'No such API path.' });
      return undefined;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const contractId = idOf(bodyField(body, 'contractId') ?? bodyField(query, 'contractId'), 'contractId');
    const saved = await restCompletion(res, () =>
      services.capacity.save(em, user, {
        contractId,
        paymentCapacityConfirmed: bodyField(body, 'paymentCapacityConfirmed') as boolean,
        newNoteText: bodyField(body, 'newNoteText') as string | null | undefined,
        checkedQuestions: bodyField(body, 'checkedQuestions') as string[] | null | undefined,
      }),
    );
    return saved?.capacity;
  }),
];
