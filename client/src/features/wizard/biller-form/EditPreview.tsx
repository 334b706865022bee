import type { BillerInput, SubCategoryInput } from '../../../gql/graphql';

/** The effect of the edit before it is saved (issue 9 item 9): comes with the preview query. */
export function EditPreview(_props: {
  contractId: number;
  biller: BillerInput | null;
  subCategory: SubCategoryInput | null;
}) {
  return null;
}
