import { Badge, Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { skipToken } from '@apollo/client/react';
import { useState } from 'react';
import { useMemberNoticePreviewsQuery } from '../../gql/hooks';
import { Loading } from '../../shared/ui/Loading';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { agreementNumberOf } from './outbox-status';

/** Staff preview every message a member of an agreement would get, filled from the agreement as it stands. */
export function NoticePreviews() {
  const [text, setText] = useState('');
  const [contractId, setContractId] = useState<number | null>(null);
  const [invalid, setInvalid] = useState(false);
  const { data, loading, error, refetch } = useMemberNoticePreviewsQuery(
    contractId === null ? skipToken : { variables: { contractId } },
  );
  const show = () => {
    const number = agreementNumberOf(text);
    setInvalid(number === null);
    setContractId(number);
  };
  return (
    <Stack gap="3" as="section" aria-labelledby="notice-previews-title">
      <Heading as="h3" size="sm" id="notice-previews-title">
        Preview the messages of an agreement
      </Heading>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          show();
        }}
      >
        <Flex gap="2" align="end" wrap="wrap">
          <Field.Root invalid={invalid} maxW="xs">
            <Field.Label>Agreement number</Field.Label>
            <Input inputMode="numeric" value={text} onChange={(e) => setText(e.target.value)} />
            <Field.ErrorText>Please enter an agreement number.</Field.ErrorText>
          </Field.Root>
          <Button type="submit" variant="outline" minH="10">
            Preview
          </Button>
        </Flex>
      </form>
      {loading && <Loading label="Filling the messages…" />}
      {error && <LoadFailed what="the previews" error={error} onRetry={() => void refetch()} />}
      {data && (
        <Stack as="ul" listStyleType="none" gap="3" m="0" p="0" aria-label="Message previews">
          {data.memberNoticePreviews.map((preview) => (
            <Box as="li" key={preview.kind} borderWidth="1px" borderRadius="md" p="3" data-notice={preview.kind}>
              <Text fontWeight="semibold">{preview.emailSubject ?? preview.templateName}</Text>
              <Text fontSize="sm" color="fg.muted">
                {preview.whenSent} {preview.example}
              </Text>
              {preview.problem ? (
                <StatusAlert status="warning">Not sent for this agreement: {preview.problem}</StatusAlert>
              ) : (
                <Stack gap="2" pt="2">
                  <Text whiteSpace="pre-wrap" fontSize="sm" bg="gray.50" p="2" borderRadius="sm">
                    {preview.emailBody}
                  </Text>
                  <Text fontSize="sm">
                    <Badge me="2">SMS, {preview.smsBody?.length ?? 0} characters</Badge>
                    {preview.smsBody}
                  </Text>
                </Stack>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
