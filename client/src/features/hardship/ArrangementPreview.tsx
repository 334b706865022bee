import { Button, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { useState } from 'react';
import { FormSpy } from 'react-final-form';
import type { HardshipArrangementPreviewInput } from '../../gql/graphql';
import { useHardshipArrangementPreviewQuery } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { formatMoney } from '../../shared/money';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { termsInput, type HardshipValues } from './hardship-form';
import { HardshipDeposits } from './HardshipDeposits';

/**
 * Staff, before they record an arrangement: what it would do to the deposits still to come, as the server works it
 * out by the same steps as recording it (`hardshipArrangementPreview`, nothing recorded). The figures are the
 * server's; a change to the form's terms hides the preview until it is asked for again.
 */
export function ArrangementPreview({ accountId }: { accountId: number }) {
  const [input, setInput] = useState<HardshipArrangementPreviewInput | null>(null);
  const { data, loading, error } = useHardshipArrangementPreviewQuery(
    input ? { variables: { input }, fetchPolicy: 'network-only' } : skipToken,
  );
  const answer = data?.hardshipArrangementPreview;
  const preview = answer?.preview;
  return (
    <FormSpy<HardshipValues> subscription={{ values: true }}>
      {({ values }) => {
        const wanted = { accountId, ...termsInput(values) };
        const current = input !== null && JSON.stringify(input) === JSON.stringify(wanted);
        return (
          <Stack gap="3" data-testid="arrangement-preview">
            <Button variant="outline" alignSelf="start" minH="11" loading={loading} onClick={() => setInput(wanted)}>
              Preview the deposits
            </Button>
            {current && error && (
              <StatusAlert status="error">{serverMessage(error, 'We could not work it out.')}</StatusAlert>
            )}
            {current && answer && answer.errors.length > 0 && (
              <StatusAlert status="error">{answer.errors.map((e) => e.message).join(' ')}</StatusAlert>
            )}
            {current && preview && (
              <Stack gap="2">
                <Text>
                  Recording {preview.words}{' '}
                  {preview.deposits.length === 0
                    ? preview.restored > 0
                      ? `gives ${preview.restored} deposit${preview.restored === 1 ? '' : 's'} back their amounts.`
                      : 'changes no deposit.'
                    : `relieves the deposits of ${formatMoney(preview.relieved)}, spread over the next ${preview.spreadOver} deposit${preview.spreadOver === 1 ? '' : 's'}. Nothing is recorded yet.`}
                </Text>
                <HardshipDeposits
                  deposits={preview.deposits}
                  isStaff
                  caption="What recording it would do to the deposits"
                  testId="arrangement-preview-deposits"
                />
              </Stack>
            )}
          </Stack>
        );
      }}
    </FormSpy>
  );
}
