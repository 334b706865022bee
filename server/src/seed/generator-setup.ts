import type { EntityManager } from '@mikro-orm/postgresql';
import { hashPassword } from '../modules/auth/index.js';
import { ensureCatalogue, type Catalogue } from './catalogue.js';
import { MEMBER_DEMO_PASSWORD } from './demo.js';
import type { StaffIds } from './history/writer.js';

/** Generated member numbers start here, well clear of the demo's 100001-100005. */
export const FIRST_GENERATED_MEMBER = 200_001;

/** What every batch shares: the catalogue, staff, branches, one password hash, the next member number. */
export interface Setup {
  catalogue: Catalogue;
  staff: StaffIds;
  branchIds: number[];
  passwordHash: string;
  templateIds: Map<string, number>;
  firstMemberNumber: number;
}

export async function setUp(em: EntityManager): Promise<Setup> {
  return em.transactional(async (tx) => {
    const catalogue = await ensureCatalogue(tx);
    let branches = await tx.execute<{ id: number }[]>('select id from branch where is_active order by id');
    if (branches.length === 0) {
      await tx.execute(
        `insert into branch (name) values ('Sydney CBD'), ('Parramatta'), ('Newcastle'), ('Wollongong')`,
        [],
        'run',
      );
      branches = await tx.execute<{ id: number }[]>('select id from branch order by id');
    }
    const users = await tx.execute<{ id: number; username: string; display_name: string }[]>(
      `select id, username, display_name from app_user where username in ('agent', 'manager')`,
    );
    const user = (name: string) => users.find((u) => u.username === name);
    const [{ next }] = await tx.execute<{ next: number }[]>(
      `select coalesce(max(member_number::int) + 1, ${FIRST_GENERATED_MEMBER}) as next from member
       where member_number ~ '^[0-9]{6,9}$' and member_number::int >= ${FIRST_GENERATED_MEMBER}`,
    );
    const templates = await tx.execute<{ id: number; template_name: string }[]>(
      'select id, template_name from notification_template',
    );
    return {
      catalogue,
      staff: {
        agent: user('agent')?.id ?? null,
        manager: user('manager')?.id ?? null,
        names: {
          agent: user('agent')?.display_name ?? 'Alex Agent',
          manager: user('manager')?.display_name ?? 'Morgan Manager',
        },
      },
      branchIds: branches.map((b) => b.id),
      passwordHash: await hashPassword(MEMBER_DEMO_PASSWORD),
      templateIds: new Map(templates.map((t) => [t.template_name, t.id])),
      firstMemberNumber: Number(next),
    };
  });
}
