import { Field, Input, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useManualNotificationPreviewsQuery } from '../../gql/hooks';
import { notificationInput, SendNotificationDialog } from './SendNotificationDialog';

interface ContactMemberDialogProps {
  accountId: number;
  /** The member and agreement to write to (the at-risk worklist's row); else the account's member and agreement. */
  memberId?: number;
  contractId?: number;
  /** The template to open with (the worklist row's); else the one that fits the agreement (the server's first). */
  templateName?: string | null;
  /** The worklist row this contact answers: done with the send. */
  worklistKey?: string | null;
  onClose: () => void;
  /** After a notification was queued (the activity list shows it). */
  onSent: () => void;
}

/** Contact member (spec 1 §2 modals): a manual template, previewed from the agreement, edited and sent. */
export function ContactMemberDialog(props: ContactMemberDialogProps) {
  const { accountId, memberId, contractId, templateName, worklistKey, onClose, onSent } = props;
  const previews = useManualNotificationPreviewsQuery({
    variables: { accountId, memberId, contractId },
    fetchPolicy: 'network-only',
  });
  const list = previews.data?.manualNotificationPreviews ?? [];
  const [picked, setTemplateId] = useState<number | null>(null);
  // What staff typed, per template; untouched fields show the template's preview.
  const [edits, setEdits] = useState<Record<number, Partial<Record<'subject' | 'body' | 'sms', string>>>>({});
  const opening = list.find((p) => p.templateName === templateName) ?? list.find((p) => p.suggested) ?? list[0];
  const templateId = picked ?? opening?.templateId ?? null;
  const chosen = list.find((p) => p.templateId === templateId) ?? null;
  const edit = templateId === null ? {} : (edits[templateId] ?? {});
  const subject = edit.subject ?? chosen?.emailSubject ?? '';
  const body = edit.body ?? chosen?.emailBody ?? '';
  const sms = edit.sms ?? chosen?.smsBody ?? '';
  const change = (field: 'subject' | 'body' | 'sms', value: string) => {
    if (templateId !== null) setEdits((all) => ({ ...all, [templateId]: { ...all[templateId], [field]: value } }));
  };

  return (
    <SendNotificationDialog
      title="Contact member"
      testId="contact-member-dialog"
      loadingLabel="Loading the templates…"
      loading={previews.loading}
      loadError={previews.error}
      input={
        chosen && {
          ...notificationInput({ ...chosen, accountId }, { emailSubject: subject, emailBody: body, smsBody: sms }),
          worklistKey: worklistKey ?? null,
        }
      }
      onClose={onClose}
      onSent={onSent}
    >
      <Field.Root>
        <Field.Label>Template</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={String(templateId)} onChange={(e) => setTemplateId(Number(e.currentTarget.value))}>
            {list.map((p) => (
              <option key={p.templateId} value={p.templateId}>
                {p.title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Text fontSize="sm" color="fg.muted">
        Sent by the member’s preferred contact method: e-mail, or SMS.
      </Text>
      <Field.Root>
        <Field.Label>E-mail subject</Field.Label>
        <Input value={subject} onChange={(e) => change('subject', e.target.value)} />
      </Field.Root>
      <Field.Root>
        <Field.Label>E-mail text</Field.Label>
        <Textarea value={body} onChange={(e) => change('body', e.target.value)} rows={5} />
      </Field.Root>
      <Field.Root>
        <Field.Label>SMS text</Field.Label>
        <Textarea value={sms} onChange={(e) => change('sms', e.target.value)} rows={2} maxLength={480} />
      </Field.Root>
    </SendNotificationDialog>
  );
}
