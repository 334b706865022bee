import type { EntityManager } from '@mikro-orm/postgresql';
import { NotFoundError } from '../../shared/errors.js';
import type { BillingCategoryView } from './billing-category.types.js';

export const CATEGORY_NOT_FOUND = 'Could not find the billing category.';

/** The category list of the wizard (spec 2 §2): reference data, the same for every caller. */
export class BillingCategoryService {
  /** Every active category in the catalogue's order (an empty list when there are none: 'No data available'). */
  async list(em: EntityManager): Promise<BillingCategoryView[]> {
    const rows = await em.execute<{ id: number; name: string }[]>(
      'select id, name from billing_category where is_active order by sort_order, name, id',
    );
    return rows.map((row) => ({ id: Number(row.id), name: row.name }));
  }

  /** One active category; NOT_FOUND when there is none with that id. */
  async get(em: EntityManager, id: number): Promise<BillingCategoryView> {
    const [row] = await em.execute<{ id: number; name: string }[]>(
      'select id, name from billing_category where id = ? and is_active',
      [id],
    );
    if (!row) throw new NotFoundError(CATEGORY_NOT_FOUND);
    return { id: Number(row.id), name: row.name };
  }
}
