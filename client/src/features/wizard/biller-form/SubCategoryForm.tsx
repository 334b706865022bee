import { Button, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import type { BillerFormOptionsQuery } from '../../../gql/graphql';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { BillFields } from './BillFields';
import type { SubCategoryFormValues } from './biller-form-values';
import { FormBeside } from './FormBeside';
import { ReportUnsavedForm } from '../unsaved/unsaved-edits';
import { FormText } from './form-controls';

export interface SubCategoryFormProps {
  options: BillerFormOptionsQuery['billerFormOptions'];
  initialValues: SubCategoryFormValues;
  category: string;
  hasOverdueBills: boolean;
  overdueWarning: string | null;
  readOnly: boolean;
  onSubmit: (values: SubCategoryFormValues) => Promise<Record<string, string> | undefined>;
  onBack: () => void;
  aside?: (values: SubCategoryFormValues) => ReactNode;
}

/** The sub-category form (spec 2 §3, §5): a name and the shared bill fields; no season values, no payment. */
export function SubCategoryForm({
  options,
  initialValues,
  category,
  hasOverdueBills,
  overdueWarning,
  readOnly,
  onSubmit,
  onBack,
  aside,
}: SubCategoryFormProps) {
  return (
    <Form<SubCategoryFormValues> initialValues={initialValues} onSubmit={onSubmit}>
      {({ handleSubmit, submitting, submitError, values }) => (
        <FormBeside aside={aside?.(values)}>
          <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label="Sub-category details">
            <ReportUnsavedForm source="sub-category-form" />
            <Stack gap="5" data-testid="sub-category-form">
              {typeof submitError === 'string' && <StatusAlert status="error">{submitError}</StatusAlert>}
              <FormText
                name="nickname"
                label="Sub-category name"
                required
                helperText={`A group of ${category.toLowerCase()} bills paid from this agreement.`}
              />
              <BillFields
                options={options}
                exactDateForced={false}
                hasOverdueBills={hasOverdueBills}
                overdueWarning={overdueWarning ?? options.subCategoryOverdueWarning}
                amountLabel="Expected amount of each bill"
              />
              <HStack gap="3" wrap="wrap">
                <Button variant="outline" onClick={onBack} disabled={submitting}>
                  Back to the list
                </Button>
                <Button type="submit" colorPalette="brand" loading={submitting} disabled={readOnly}>
                  Save sub-category
                </Button>
              </HStack>
            </Stack>
          </form>
        </FormBeside>
      )}
    </Form>
  );
}
