import { skipToken } from '@apollo/client/react';
import { Button, Checkbox, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatLongDate, type LocalDate } from '@shared/local-date';
import {
  useWizardBillerRemovalQuery,
  useWizardBillingItemsQuery,
  useWizardReinstateBillerMutation,
  useWizardReinstateSubCategoryMutation,
  useWizardRemoveBillerMutation,
  useWizardRemoveSubCategoryMutation,
  useWizardSubCategoryRemovalQuery,
} from '../../../gql/hooks';
import type { WizardItemChangeFieldsFragment } from '../../../gql/graphql';
import { serverMessage } from '../../../shared/errors';
import { Loading } from '../../../shared/ui/Loading';
import { DateInput } from '../../../shared/ui/DateInput';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import type { StepProps } from '../step-registry';
import { itemTypeLabel } from './list-display';
import { returnToList } from './list-notice';

/** The item the session points at (its row of the list), for its name. */
function useSessionItem({ session }: Pick<StepProps, 'session'>) {
  const { data } = useWizardBillingItemsQuery({
    variables: { contractId: session.agreementId, sortBy: 'CATEGORY', direction: 'ASC' },
  });
  return data?.wizardBillingItems.find((item) => item.id === session.itemId && item.type === session.itemType);
}

function longDate(date: string | null | undefined): string {
  return date ? formatLongDate(date as LocalDate) : 'None within this agreement';
}

/**
 * The remove screen of a biller or a sub-category (spec 2 §2, §4): its next transaction date and the expected final
 * bill date (a biller may say a final bill is still expected, and when). Removing marks it removed (status 3) in a
 * modification, deletes it in setup, and steps back to the list with the spec's message.
 */
export function RemoveItemScreen({ session, readOnly, go }: StepProps) {
  const itemId = session.itemId ?? 0;
  const isSubCategory = session.itemType === 1;
  const item = useSessionItem({ session });
  const biller = useWizardBillerRemovalQuery(
    isSubCategory || !session.itemId ? skipToken : { variables: { billerId: itemId }, fetchPolicy: 'network-only' },
  );
  const subCategory = useWizardSubCategoryRemovalQuery(
    !isSubCategory || !session.itemId
      ? skipToken
      : { variables: { billingSubCategoryId: itemId }, fetchPolicy: 'network-only' },
  );
  const [removeBiller, billerRemoving] = useWizardRemoveBillerMutation();
  const [removeSubCategory, subCategoryRemoving] = useWizardRemoveSubCategoryMutation();
  const [finalExpected, setFinalExpected] = useState(false);
  const [finalDate, setFinalDate] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const query = isSubCategory ? subCategory : biller;
  const removal = isSubCategory ? subCategory.data?.subCategoryRemoval : biller.data?.billerRemoval;
  if (!session.itemId) {
    return <BackToList go={go} message="No biller or sub-category was chosen to remove." />;
  }
  if (query.loading && !removal) return <Loading label="Loading the remove screen…" />;
  if (!removal) {
    return <BackToList go={go} message={query.error ? serverMessage(query.error) : 'This item could not be found.'} />;
  }
  const name = item?.nickname ?? itemTypeLabel(isSubCategory ? 1 : 0);
  const shownFinalDate = finalDate ?? removal.expectedFinalBillDate ?? '';
  const saving = billerRemoving.loading || subCategoryRemoving.loading;

  const confirm = async () => {
    setProblem(null);
    try {
      const result: WizardItemChangeFieldsFragment | undefined = isSubCategory
        ? (await removeSubCategory({ variables: { billingSubCategoryId: itemId } })).data?.removeSubCategory
        : (
            await removeBiller({
              variables: {
                billerId: itemId,
                isFinalBillExpected: finalExpected,
                expectedFinalBillDate: finalExpected ? shownFinalDate : null,
              },
            })
          ).data?.removeBiller;
      if (!result) return;
      if (result.errors.length > 0) {
        setProblem(result.errors.map((error) => error.message).join(' '));
        return;
      }
      returnToList(go, result.message);
    } catch (caught) {
      setProblem(serverMessage(caught));
    }
  };

  return (
    <Stack gap="4" data-testid="wizard-remove-item">
      <Text>
        Remove <strong>{name}</strong> ({itemTypeLabel(isSubCategory ? 1 : 0).toLowerCase()}) from this agreement.
        {session.kind === 'Modify'
          ? ' It stays in the list as removed, and can be reinstated until the modification is saved.'
          : ' It is deleted from the agreement being set up.'}
      </Text>
      {removal.loadError && (
        <StatusAlert status="warning">The next transaction date could not be worked out.</StatusAlert>
      )}
      {removal.isLocked && (
        <StatusAlert status="warning">This bill currently has a pending transaction and cannot be edited.</StatusAlert>
      )}
      <DataList.Root orientation="horizontal">
        <DataList.Item>
          <DataList.ItemLabel>Next transaction date</DataList.ItemLabel>
          <DataList.ItemValue>{longDate(removal.nextTransactionDate)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Expected final bill date</DataList.ItemLabel>
          <DataList.ItemValue>{longDate(removal.expectedFinalBillDate)}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {!isSubCategory && (
        <Stack gap="3">
          <Checkbox.Root
            checked={finalExpected}
            onCheckedChange={(event) => setFinalExpected(event.checked === true)}
            disabled={readOnly || removal.isLocked}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>A final bill is still expected</Checkbox.Label>
          </Checkbox.Root>
          {finalExpected && (
            <DateInput
              label="Final bill date"
              value={shownFinalDate === '' ? null : shownFinalDate}
              onChange={(date, text) => setFinalDate(date ?? text.trim())}
              helperText={`At the latest ${longDate(removal.latestFinalBillDate)}.`}
            />
          )}
        </Stack>
      )}
      {problem && <StatusAlert status="error">{problem}</StatusAlert>}
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" disabled={saving} onClick={() => returnToList(go)}>
          Back to the list
        </Button>
        <Button
          colorPalette="red"
          disabled={readOnly || saving || removal.isLocked}
          loading={saving}
          onClick={() => void confirm()}
        >
          Remove {isSubCategory ? 'sub-category' : 'biller'}
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * Reinstating in a modification (spec 2 §4: a wizard step, mode 4): the removed item comes back (state 4 'enable')
 * and the wizard returns to the list with the spec's message.
 */
export function ReinstateItemScreen({ session, readOnly, go }: StepProps) {
  const itemId = session.itemId ?? 0;
  const isSubCategory = session.itemType === 1;
  const item = useSessionItem({ session });
  const [reinstateBiller, billerSaving] = useWizardReinstateBillerMutation();
  const [reinstateSubCategory, subCategorySaving] = useWizardReinstateSubCategoryMutation();
  const [problem, setProblem] = useState<string | null>(null);
  if (!session.itemId) return <BackToList go={go} message="No biller or sub-category was chosen to reinstate." />;
  const saving = billerSaving.loading || subCategorySaving.loading;
  const name = item?.nickname ?? itemTypeLabel(isSubCategory ? 1 : 0);

  const confirm = async () => {
    setProblem(null);
    try {
      const result: WizardItemChangeFieldsFragment | undefined = isSubCategory
        ? (await reinstateSubCategory({ variables: { billingSubCategoryId: itemId } })).data?.reinstateSubCategory
        : (await reinstateBiller({ variables: { billerId: itemId } })).data?.reinstateBiller;
      if (!result) return;
      if (result.errors.length > 0) {
        setProblem(result.errors.map((error) => error.message).join(' '));
        return;
      }
      returnToList(go, result.message);
    } catch (caught) {
      setProblem(serverMessage(caught));
    }
  };

  return (
    <Stack gap="4" data-testid="wizard-reinstate-item">
      <Text>
        Reinstate <strong>{name}</strong> in this agreement: it will be paid again, as it was before it was removed.
      </Text>
      {problem && <StatusAlert status="error">{problem}</StatusAlert>}
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" disabled={saving} onClick={() => returnToList(go)}>
          Back to the list
        </Button>
        <Button colorPalette="brand" disabled={readOnly || saving} loading={saving} onClick={() => void confirm()}>
          Reinstate {isSubCategory ? 'sub-category' : 'biller'}
        </Button>
      </HStack>
    </Stack>
  );
}

function BackToList({ go, message }: { go: StepProps['go']; message: string }) {
  return (
    <Stack gap="3">
      <StatusAlert status="error">{message}</StatusAlert>
      <HStack>
        <Button variant="outline" onClick={() => returnToList(go)}>
          Back to the list
        </Button>
      </HStack>
    </Stack>
  );
}
