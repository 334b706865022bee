/** What a note is attached to (spec 1 §3: "entityType (for example Contract, biller)"). */
export enum NoteEntityType {
  Contract = 1,
  Biller = 2,
  BillingSubCategory = 3,
  Bill = 4,
  Member = 5,
}

/** The names the REST API uses for `entityType` (matched case-insensitively). */
export const NOTE_ENTITY_TYPE_NAMES: Readonly<Record<NoteEntityType, string>> = {
  [NoteEntityType.Contract]: 'Contract',
  [NoteEntityType.Biller]: 'Biller',
  [NoteEntityType.BillingSubCategory]: 'BillingSubCategory',
  [NoteEntityType.Bill]: 'Bill',
  [NoteEntityType.Member]: 'Member',
};

export function parseNoteEntityType(name: string): NoteEntityType | undefined {
  const wanted = name.trim().toLowerCase();
  const found = Object.entries(NOTE_ENTITY_TYPE_NAMES).find(([, label]) => label.toLowerCase() === wanted);
  return found ? (Number(found[0]) as NoteEntityType) : undefined;
}
