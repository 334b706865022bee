import { Button, HStack, RadioGroup, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useWizardAssignBillingCategoryMutation, useWizardBillingCategoriesQuery } from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { Loading } from '../../../shared/ui/Loading';
import { NoData } from '../../../shared/ui/Section';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { ReinstateItemScreen, RemoveItemScreen } from '../billers-list/ItemChangeScreens';
import { returnToList } from '../billers-list/list-notice';
import type { StepProps } from '../step-registry';
import { WizardMode } from '../wizard-frame';
import { afterCategoryPosition, type NewItemKind } from './picker-positions';

/**
 * Step 1 (spec 2 §2): the category list; in a modification the remove (mode 3) and reinstate (mode 4) screens of
 * the list's item take this step instead.
 */
export function CategoryStep(props: StepProps) {
  if (props.session.mode === WizardMode.Remove) return <RemoveItemScreen {...props} />;
  if (props.session.mode === WizardMode.Enable) return <ReinstateItemScreen {...props} />;
  return <CategoryPicker {...props} />;
}

/**
 * The category picker: every category ('No data available' when there is none); choosing one assigns it (the
 * server allows one assignment at a time and answers 'operation in progress please try again later' otherwise)
 * and moves on: a biller to its company (step 2), a billing sub-category straight to its form (step 3).
 */
function CategoryPicker({ session, readOnly, go }: StepProps) {
  const { data, loading, error, refetch } = useWizardBillingCategoriesQuery();
  const [assign, assigning] = useWizardAssignBillingCategoryMutation();
  const [kind, setKind] = useState<NewItemKind>(session.itemType === 1 ? 'subCategory' : 'biller');
  const [problem, setProblem] = useState<string | null>(null);

  if (loading && !data) return <Loading label="Loading the categories…" />;
  const categories = data?.billingCategories;

  const choose = async (categoryId: number) => {
    setProblem(null);
    try {
      const answer = (await assign({ variables: { contractId: session.agreementId, billingCategoryId: categoryId } }))
        .data?.assignBillingCategory;
      if (!answer) return;
      if (answer.errors.length > 0 || answer.billingCategoryId === null) {
        setProblem(answer.errors[0]?.message ?? 'The category could not be chosen.');
        return;
      }
      go(afterCategoryPosition(kind, answer.billingCategoryId));
    } catch (caught) {
      setProblem(serverMessage(caught));
    }
  };

  const disabled = readOnly || assigning.loading;
  return (
    <Stack gap="4" data-testid="wizard-step-category">
      <RadioGroup.Root
        value={kind}
        onValueChange={(event) => setKind(event.value === 'subCategory' ? 'subCategory' : 'biller')}
        disabled={disabled}
      >
        <RadioGroup.Label fontWeight="semibold" mb="2">
          What to add
        </RadioGroup.Label>
        <HStack gap="6" wrap="wrap">
          <RadioGroup.Item value="biller">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>A biller (a company paid for you)</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="subCategory">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>A billing sub-category (a budget for a kind of bill)</RadioGroup.ItemText>
          </RadioGroup.Item>
        </HStack>
      </RadioGroup.Root>

      {problem && <StatusAlert status="error">{problem}</StatusAlert>}
      {error && !categories && (
        <StatusAlert status="error">
          {serverMessage(error)}{' '}
          <Button size="xs" variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </StatusAlert>
      )}
      {categories?.length === 0 && <NoData />}
      {categories && categories.length > 0 && (
        <SimpleGrid as="ul" aria-label="Categories" listStyleType="none" columns={{ base: 1, sm: 2, md: 3 }} gap="2">
          {categories.map((category) => (
            <li key={category.id}>
              <Button
                width="full"
                justifyContent="start"
                variant={session.categoryId === category.id ? 'solid' : 'outline'}
                colorPalette="brand"
                disabled={disabled}
                whiteSpace="normal"
                textAlign="start"
                h="auto"
                minH="10"
                onClick={() => void choose(category.id)}
              >
                {category.name}
              </Button>
            </li>
          ))}
        </SimpleGrid>
      )}

      <HStack gap="3" wrap="wrap">
        <Button variant="outline" disabled={disabled} onClick={() => returnToList(go)}>
          Back to the list
        </Button>
      </HStack>
    </Stack>
  );
}
