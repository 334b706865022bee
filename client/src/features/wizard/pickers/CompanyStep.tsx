import { skipToken, useApolloClient } from '@apollo/client/react';
import { Button, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { WizardSearchCompaniesDocument, type WizardCompanyFieldsFragment } from '../../../gql/graphql';
import { useWizardPopularCompaniesQuery } from '../../../gql/hooks';
import { serverMessage } from '../../../shared/errors';
import { Loading } from '../../../shared/ui/Loading';
import { NoData } from '../../../shared/ui/Section';
import { StatusAlert } from '../../../shared/ui/StatusAlert';
import { returnToList } from '../billers-list/list-notice';
import { companySearchText } from '@shared/validation/company-search';
import { localCompanySearch, type CompanySearchAnswer } from '../company-search-cache';
import { paymentTypeLabel } from '../billers-list/list-display';
import type { StepProps } from '../step-registry';
import { afterCompanyPosition, backToCategoryPosition } from './picker-positions';

type Company = WizardCompanyFieldsFragment;

const TYPEAHEAD_DELAY_MS = 250;

type Found =
  | { kind: 'idle' }
  | { kind: 'searching' }
  | { kind: 'found'; companies: Company[] }
  | { kind: 'failed'; message: string };

/**
 * Step 2, the company list of a new biller (spec 2 §2, §5): the category's popular companies, a typeahead from 3
 * characters (a narrowing of an earlier complete answer is answered from it, without a request:
 * `company-search-cache.ts`), and the unknown-company option ('No data available' when a list is empty).
 */
export function CompanyStep({ session, readOnly, go }: StepProps) {
  const categoryId = session.categoryId;
  const client = useApolloClient();
  const popular = useWizardPopularCompaniesQuery(categoryId === null ? skipToken : { variables: { categoryId } });
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<Found>({ kind: 'idle' });
  const earlier = useRef<CompanySearchAnswer<Company> | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    if (categoryId === null) return;
    const ticket = ++latest.current;
    const local = localCompanySearch(categoryId, typed, earlier.current);
    if (local.kind === 'answered') {
      const tooShort = companySearchText(typed).kind === 'tooShort';
      setFound(tooShort ? { kind: 'idle' } : { kind: 'found', companies: local.companies });
      return;
    }
    setFound({ kind: 'searching' });
    const timer = setTimeout(() => {
      client
        .query({ query: WizardSearchCompaniesDocument, variables: { categoryId, search: local.search } })
        .then(({ data }) => {
          if (ticket !== latest.current || !data) return;
          const answer = data.searchCompanies;
          earlier.current = {
            categoryId,
            search: answer.search,
            companies: answer.companies,
            isComplete: answer.isComplete,
          };
          setFound({ kind: 'found', companies: answer.companies });
        })
        .catch((caught: unknown) => {
          if (ticket === latest.current) setFound({ kind: 'failed', message: serverMessage(caught) });
        });
    }, TYPEAHEAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [categoryId, typed, client]);

  if (categoryId === null) {
    return (
      <Stack gap="3">
        <StatusAlert status="warning">Choose a category first.</StatusAlert>
        <HStack>
          <Button variant="outline" onClick={() => go(backToCategoryPosition(null))}>
            Choose a category
          </Button>
        </HStack>
      </Stack>
    );
  }
  if (popular.loading && !popular.data) return <Loading label="Loading the companies…" />;

  const choose = (companyId: number | null) => go(afterCompanyPosition(categoryId, companyId));
  const category = popular.data?.billingCategory.name;
  const unknown = popular.data?.unknownCompany;
  const typing = found.kind !== 'idle';

  return (
    <Stack gap="5" data-testid="wizard-step-company">
      {category && (
        <Text>
          Category: <strong>{category}</strong>
        </Text>
      )}
      {popular.error && <StatusAlert status="error">{serverMessage(popular.error)}</StatusAlert>}

      <Field.Root>
        <Field.Label>Search companies</Field.Label>
        <Input
          type="search"
          value={typed}
          autoComplete="off"
          maxLength={100}
          onChange={(event) => setTyped(event.target.value)}
          disabled={readOnly}
        />
        <Field.HelperText>Type at least 3 characters of the company’s name.</Field.HelperText>
      </Field.Root>

      {typing && (
        <Stack gap="2" aria-live="polite" aria-busy={found.kind === 'searching'}>
          <Text fontWeight="semibold">Companies found</Text>
          {found.kind === 'searching' && <Text color="fg.muted">Searching…</Text>}
          {found.kind === 'failed' && <StatusAlert status="error">{found.message}</StatusAlert>}
          {found.kind === 'found' &&
            (found.companies.length === 0 ? (
              <NoData />
            ) : (
              <CompanyButtons
                label="Companies found"
                companies={found.companies}
                disabled={readOnly}
                onChoose={choose}
              />
            ))}
        </Stack>
      )}

      <Stack gap="2">
        <Text fontWeight="semibold">Popular companies</Text>
        {popular.data && popular.data.popularCompanies.length === 0 && <NoData />}
        {popular.data && popular.data.popularCompanies.length > 0 && (
          <CompanyButtons
            label="Popular companies"
            companies={popular.data.popularCompanies}
            disabled={readOnly}
            onChoose={choose}
          />
        )}
      </Stack>

      {unknown && (
        <Stack gap="2">
          <Text fontWeight="semibold">Not in the list?</Text>
          <HStack>
            <Button variant="outline" disabled={readOnly} onClick={() => choose(null)}>
              {unknown.name}
            </Button>
          </HStack>
        </Stack>
      )}

      <HStack gap="3" wrap="wrap">
        <Button variant="outline" disabled={readOnly} onClick={() => go(backToCategoryPosition(categoryId))}>
          Back to the categories
        </Button>
        <Button variant="ghost" disabled={readOnly} onClick={() => returnToList(go)}>
          Back to the list
        </Button>
      </HStack>
    </Stack>
  );
}

function CompanyButtons({
  label,
  companies,
  disabled,
  onChoose,
}: {
  label: string;
  companies: readonly Company[];
  disabled: boolean;
  onChoose: (companyId: number) => void;
}) {
  return (
    <SimpleGrid as="ul" aria-label={label} listStyleType="none" columns={{ base: 1, sm: 2, md: 3 }} gap="2">
      {companies.map((company) => (
        <li key={company.id}>
          <Button
            width="full"
            h="auto"
            minH="10"
            py="2"
            variant="outline"
            colorPalette="brand"
            justifyContent="start"
            textAlign="start"
            whiteSpace="normal"
            disabled={disabled}
            onClick={() => onChoose(company.id)}
          >
            <Stack gap="0" align="start">
              <span>{company.name}</span>
              <Text as="span" fontSize="xs" color="fg.muted" fontWeight="normal">
                {company.paymentTypes.map((type) => paymentTypeLabel(type)).join(', ')}
              </Text>
            </Stack>
          </Button>
        </li>
      ))}
    </SimpleGrid>
  );
}
