/** How a stored plan came to be. */
export enum PlanSource {
  /** Stored by the change applier when the version took effect. */
  Applied = 1,
  /** Stored for a version already running when plans began to be stored (migration, seed, fixtures). */
  Backfill = 2,
}

/** What a line of a deposit's split pays for (the deposit engine's breakdown kinds). */
export enum PlanLineKind {
  Biller = 1,
  SubCategory = 2,
  /** The 10% buffer on variable bills: the contingency pocket. */
  Contingency = 3,
  /** A balance already held pays part of the expenses (negative), or an overdrawn one is repaid (positive). */
  HeldBalance = 4,
  /** What the deposit brings beyond the expenses: the rainy-day pocket. */
  Surplus = 5,
  /** Expenses the deposit does not cover (negative). */
  Shortfall = 6,
}
