import type { EntityManager } from '@mikro-orm/postgresql';

export interface LinkedAccountRow {
  id: number;
  accountNumber: string;
}

/** A linked account of the agreement's members, by number, locked (null when not theirs or unknown). */
export async function lockLinkedAccount(
  tx: EntityManager,
  accountId: number,
  accountNumber: string,
): Promise<LinkedAccountRow | null> {
  const [row] = await tx.execute<{ id: number; account_number: string }[]>(
    `select l.id, l.account_number from linked_account l
     where l.account_number = ? and l.is_active
       and l.member_id in (select member_id from member_account_link where account_id = ?)
     for update of l`,
    [accountNumber.trim(), accountId],
  );
  return row ? { id: row.id, accountNumber: row.account_number } : null;
}
