import { Button, Stack } from '@chakra-ui/react';
import { FORM_ERROR } from 'final-form';
import { skipToken } from '@apollo/client/react';
import { useMemo } from 'react';
import {
  useBillerFormCompanyQuery,
  useBillerFormOptionsQuery,
  useSaveWizardBillerMutation,
  useSaveWizardSubCategoryMutation,
  useWizardBillerToEditQuery,
  useWizardSubCategoryToEditQuery,
} from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { Loading } from '../../../shared/ui/Loading';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { returnToList } from '../billers-list/list-notice';
import type { StepProps } from '../step-registry';
import { WizardMode } from '../wizard-frame';
import { BillerForm } from './BillerForm';
import {
  BILLER_FIELDS,
  billerInputOf,
  billerValuesOf,
  EMPTY_BILLER,
  EMPTY_SUB_CATEGORY,
  PaymentMethod,
  SUB_CATEGORY_FIELDS,
  subCategoryInputOf,
  subCategoryValuesOf,
  submissionErrors,
  type ItemPlace,
} from './biller-form-values';
import { EditPreview } from './EditPreview';
import { replacingKey } from './edit-preview-input';
import { SubCategoryForm } from './SubCategoryForm';

/** Spec 2 §8, word for word. */
const LOCKED_MESSAGE = 'This bill currently has a pending transaction and cannot be edited.';
/** After a save that alters the contract: the list says the deposits are worked out again on continuing. */
export function depositsAgainMessage(what: string, continueLabel: string): string {
  return `The ${what} has been saved. The deposits will be worked out again when you choose “${continueLabel}”.`;
}

/**
 * Step 3 of both wizards: the biller details form, or the sub-category form when the position's item type is 1
 * (spec 2 §2-§5). The save's change detection (spec 2 §4, the server's) decides where the wizard goes: on to the
 * deposits step, or back to the list with a success message.
 */
export function BillerFormStep({ session, readOnly, go }: StepProps) {
  const isSubCategory = session.itemType === 1;
  const itemId = session.itemId ?? null;
  const editing = itemId !== null && session.mode !== WizardMode.New;
  const options = useBillerFormOptionsQuery();
  const biller = useWizardBillerToEditQuery(
    editing && !isSubCategory ? { variables: { billerId: itemId }, fetchPolicy: 'network-only' } : skipToken,
  );
  const sub = useWizardSubCategoryToEditQuery(
    editing && isSubCategory ? { variables: { billingSubCategoryId: itemId }, fetchPolicy: 'network-only' } : skipToken,
  );
  const company = useBillerFormCompanyQuery(
    !editing && !isSubCategory && session.companyId ? { variables: { companyId: session.companyId } } : skipToken,
  );
  const [saveBiller] = useSaveWizardBillerMutation();
  const [saveSub] = useSaveWizardSubCategoryMutation();

  const loaded = biller.data?.wizardBiller ?? null;
  const loadedSub = sub.data?.wizardSubCategory ?? null;
  const categoryId = loaded?.billingCategoryId ?? loadedSub?.billingCategoryId ?? session.categoryId ?? null;
  const place: ItemPlace | null =
    categoryId === null
      ? null
      : {
          contractId: session.agreementId,
          billingCategoryId: categoryId,
          companyId: loaded ? loaded.companyId : (session.companyId ?? null),
          itemId: editing ? itemId : null,
        };

  const companyData = company.data?.company;
  const billerInitial = useMemo(() => {
    if (loaded) return billerValuesOf(loaded);
    if (!companyData) return EMPTY_BILLER;
    const bpay = companyData.bPayNumber && companyData.paymentTypes.includes(PaymentMethod.Bpay);
    return {
      ...EMPTY_BILLER,
      nickname: companyData.name,
      paymentType: bpay ? String(PaymentMethod.Bpay) : '',
      bPayNumber: bpay ? (companyData.bPayNumber ?? '') : '',
    };
  }, [loaded, companyData]);
  const subInitial = useMemo(() => (loadedSub ? subCategoryValuesOf(loadedSub) : EMPTY_SUB_CATEGORY), [loadedSub]);

  const failure = options.error ?? biller.error ?? sub.error;
  if (failure) return <StatusAlert status="error">{serverMessage(failure)}</StatusAlert>;
  if (!options.data || biller.loading || sub.loading || company.loading) return <Loading label="Loading the form…" />;
  if (!place) {
    return (
      <Stack gap="3">
        <StatusAlert status="warning">Choose a category first.</StatusAlert>
        <Button alignSelf="start" variant="outline" onClick={() => go({ step: 1, mode: WizardMode.New })}>
          Choose a category
        </Button>
      </Stack>
    );
  }
  const formOptions = options.data.billerFormOptions;
  const locked = Boolean(loaded?.isLocked ?? loadedSub?.isLocked);
  const backToList = () => returnToList(go);
  // A save returns to the list (issue 26 item 7: it jumped to the deposits, and the list was three clicks away), with
  // the server's message; a change that alters the deposits says they are worked out again on continuing, which goes
  // to the deposits step (spec 2 §2: continue advances four steps).
  const afterSave = (result: { depositsStepNeeded: boolean; message: string | null }, what: string) => {
    returnToList(go, result.depositsStepNeeded ? depositsAgainMessage(what, session.continueLabel) : result.message);
  };
  const failed = (caught: unknown) => ({ [FORM_ERROR]: serverMessage(caught) });

  const aside = (
    draft: Parameters<typeof billerInputOf>[0] | null,
    subDraft: Parameters<typeof subCategoryInputOf>[0] | null,
  ) => (
    <EditPreview
      contractId={session.agreementId}
      replacing={replacingKey(session.itemType, place.itemId)}
      biller={draft ? billerInputOf(draft, place) : null}
      subCategory={subDraft ? subCategoryInputOf(subDraft, place) : null}
    />
  );

  return (
    <Stack gap="4" data-testid="wizard-step-3">
      {locked && <StatusAlert status="warning">{LOCKED_MESSAGE}</StatusAlert>}
      {isSubCategory ? (
        <SubCategoryForm
          options={formOptions}
          initialValues={subInitial}
          category={loadedSub?.category ?? 'household'}
          hasOverdueBills={loadedSub?.hasOverdueBills ?? false}
          overdueWarning={loadedSub?.overdueWarning ?? null}
          readOnly={readOnly || locked}
          onBack={backToList}
          aside={(values) => aside(null, values)}
          onSubmit={async (values) => {
            try {
              const answer = (await saveSub({ variables: { input: subCategoryInputOf(values, place) } })).data
                ?.saveSubCategory;
              if (!answer) return failed(new Error('No answer.'));
              if (answer.errors.length > 0) return submissionErrors(answer.errors, SUB_CATEGORY_FIELDS);
              afterSave(answer, 'sub-category');
              return undefined;
            } catch (caught) {
              return failed(caught);
            }
          }}
        />
      ) : (
        <BillerForm
          options={formOptions}
          initialValues={billerInitial}
          billerId={editing ? itemId : null}
          loadedReference={loaded?.customerReferenceNumber ?? null}
          hasOverdueBills={loaded?.hasOverdueBills ?? false}
          overdueWarning={loaded?.overdueWarning ?? null}
          readOnly={readOnly || locked}
          onBack={backToList}
          aside={(values) => aside(values, null)}
          onSubmit={async (values) => {
            try {
              const answer = (await saveBiller({ variables: { input: billerInputOf(values, place) } })).data
                ?.saveBiller;
              if (!answer) return failed(new Error('No answer.'));
              if (answer.errors.length > 0) return submissionErrors(answer.errors, BILLER_FIELDS);
              afterSave(answer, 'biller');
              return undefined;
            } catch (caught) {
              return failed(caught);
            }
          }}
        />
      )}
    </Stack>
  );
}
