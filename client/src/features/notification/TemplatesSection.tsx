import { Box, Button, Dialog, Field, Flex, Heading, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { NotificationTemplateFieldsFragment } from '../../gql/graphql';
import { useNotificationTemplatesQuery, useUpdateNotificationTemplateMutation } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { Section } from '../../shared/ui/Section';
import { Loading } from '../../shared/ui/Loading';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { useSession } from '../../auth/useSession';
import { placeholderHint } from './contact-member';
import { NoticePreviews } from './NoticePreviews';
import { maySendMessages } from './outbox-status';

type Template = NotificationTemplateFieldsFragment;
type Texts = Pick<Template, 'title' | 'emailSubject' | 'emailTemplate' | 'smsTemplate'>;

/** One template as staff read it: when it is sent, the e-mail and the SMS (with its length). */
function TemplateCard({ template, onEdit }: { template: Template; onEdit: (() => void) | null }) {
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-template={template.templateName}>
      <Flex justify="space-between" gap="3" align="start" wrap="wrap">
        <Box minW="0">
          <Text fontWeight="semibold">{template.title}</Text>
          <Text fontSize="sm" color="fg.muted">
            {template.whenSent}
          </Text>
        </Box>
        {onEdit && (
          <Button size="xs" variant="outline" minH="8" onClick={onEdit}>
            Edit<Box as="span" srOnly>{` template ${template.title}`}</Box>
          </Button>
        )}
      </Flex>
      <details>
        <summary style={{ cursor: 'pointer', minHeight: '2.75rem', display: 'flex', alignItems: 'center' }}>
          Read the texts<Box as="span" srOnly>{` of ${template.title}`}</Box>
        </summary>
        <Stack gap="2" pt="2">
          <Text fontWeight="medium">{template.emailSubject}</Text>
          <Text whiteSpace="pre-wrap" fontSize="sm" bg="gray.50" p="2" borderRadius="sm" overflowWrap="anywhere">
            {template.emailTemplate}
          </Text>
          <Text fontSize="sm">
            <Text as="span" fontWeight="medium">
              SMS:
            </Text>{' '}
            {template.smsTemplate}
          </Text>
        </Stack>
      </details>
    </Box>
  );
}

/**
 * The message templates in one place staff can read (issue 22 item 2): when each is sent and its texts; staff who
 * may write edit them (the server checks every placeholder and the SMS length); and every member notice previewed
 * for an agreement.
 */
export function TemplatesSection() {
  const templates = useNotificationTemplatesQuery();
  const session = useSession();
  const mayEdit = maySendMessages(session?.roles ?? []);
  const [editing, setEditing] = useState<Template | null>(null);
  const all = templates.data?.notificationTemplates ?? [];
  const groups = [
    { title: 'Sent by staff (Contact member)', items: all.filter((t) => t.isManual) },
    { title: 'Sent when something happens', items: all.filter((t) => !t.isManual) },
  ];
  return (
    <Section title="Message templates" id="templates">
      {templates.error && <StatusAlert status="error">{serverMessage(templates.error)}</StatusAlert>}
      {templates.loading && !templates.data && <Loading label="Loading the templates…" />}
      <Stack gap="5">
        {groups.map((group) => (
          <Stack key={group.title} gap="2">
            <Heading as="h3" size="sm">
              {group.title}
            </Heading>
            <Stack as="ul" listStyleType="none" gap="2" m="0" p="0" aria-label={group.title}>
              {group.items.map((t) => (
                <TemplateCard key={t.templateId} template={t} onEdit={mayEdit ? () => setEditing(t) : null} />
              ))}
            </Stack>
          </Stack>
        ))}
        <NoticePreviews />
      </Stack>
      {editing && <TemplateDialog template={editing} onClose={() => setEditing(null)} />}
    </Section>
  );
}

function TemplateDialog({ template, onClose }: { template: Template; onClose: () => void }) {
  const [texts, setTexts] = useState<Texts>({
    title: template.title,
    emailSubject: template.emailSubject,
    emailTemplate: template.emailTemplate,
    smsTemplate: template.smsTemplate,
  });
  const [error, setError] = useState<string | null>(null);
  const [update, { loading }] = useUpdateNotificationTemplateMutation();
  const set = (field: keyof Texts) => (value: string) => setTexts((all) => ({ ...all, [field]: value }));
  const save = async () => {
    setError(null);
    try {
      const { data } = await update({ variables: { input: { templateId: template.templateId, ...texts } } });
      const result = data?.updateNotificationTemplate;
      if (!result || result.errors.length > 0) return setError(result?.errors[0]?.message ?? 'An error has occurred.');
      notify.success('The template has been saved.');
      onClose();
    } catch (caught) {
      setError(serverMessage(caught));
    }
  };
  const field = (label: string, name: keyof Texts, multiline: boolean) => (
    <Field.Root required>
      <Field.Label>{label}</Field.Label>
      {multiline ? (
        <Textarea
          value={texts[name]}
          rows={name === 'emailTemplate' ? 6 : 3}
          onChange={(e) => set(name)(e.target.value)}
        />
      ) : (
        <Input value={texts[name]} onChange={(e) => set(name)(e.target.value)} />
      )}
    </Field.Root>
  );
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()} closeOnInteractOutside={false} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="template-dialog">
            <Dialog.Header>
              <Dialog.Title>Edit template: {template.templateName}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  {placeholderHint(template.placeholders)}
                </Text>
                {field('Title', 'title', false)}
                {field('E-mail subject', 'emailSubject', false)}
                {field('E-mail text', 'emailTemplate', true)}
                {field('SMS text', 'smsTemplate', true)}
                <div aria-live="polite">{error && <StatusAlert status="error">{error}</StatusAlert>}</div>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
              <Button colorPalette="brand" loading={loading} onClick={() => void save()}>
                Save template
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
