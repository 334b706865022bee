import { Box, Button, Dialog, Field, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { NotificationTemplateFieldsFragment } from '../../gql/graphql';
import { useNotificationTemplatesQuery, useUpdateNotificationTemplateMutation } from '../../gql/hooks';
import { serverMessage } from '../../shared/errors';
import { notify } from '../../shared/notify/notify';
import { Section } from '../../shared/ui/Section';
import { StatusAlert } from '../../shared/ui/StatusAlert';
import { TEMPLATE_PLACEHOLDER_HINT } from './contact-member';

type Template = NotificationTemplateFieldsFragment;
type Texts = Pick<Template, 'title' | 'emailSubject' | 'emailTemplate' | 'smsTemplate'>;

/** Staff edit the message templates; the server checks every placeholder and says which one is wrong. */
export function TemplatesSection() {
  const templates = useNotificationTemplatesQuery();
  const [editing, setEditing] = useState<Template | null>(null);
  return (
    <Section title="Message templates" id="templates">
      {templates.error && <StatusAlert status="error">{serverMessage(templates.error)}</StatusAlert>}
      <Stack as="ul" listStyleType="none" gap="2" aria-label="Message templates">
        {(templates.data?.notificationTemplates ?? []).map((t) => (
          <Box as="li" key={t.templateId} display="flex" justifyContent="space-between" gap="3" alignItems="center">
            <Text>
              {t.title}
              <Text as="span" fontSize="xs" color="fg.muted">
                {' '}
                · {t.isManual ? 'contact member' : t.templateName}
              </Text>
            </Text>
            <Button size="xs" variant="outline" onClick={() => setEditing(t)}>
              Edit<Box as="span" srOnly>{` template ${t.title}`}</Box>
            </Button>
          </Box>
        ))}
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
                  {TEMPLATE_PLACEHOLDER_HINT}
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
