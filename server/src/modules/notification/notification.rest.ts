import { STAFF_AND_REPORTER_ROLES, STAFF_ROLES } from '../../common/auth/roles.js';
import { DomainError } from '../../shared/errors.js';
import { bodyField, idParam, route } from '../../rest/route.js';
import type { ManualNotificationRequest } from './notification.service.js';
import { NotificationPreviewView, NotificationTemplateView, SupportContactView } from './notification.types.js';

/** An optional text of the legacy body (any case); a non-text value is refused. */
function bodyText(body: unknown, name: string): string | null {
  const value = bodyField(body, name);
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new DomainError('INVALID_TEXT', `${name} must be text.`, name);
  return value;
}

function bodyId(body: unknown, name: string): number {
  const value = bodyField(body, name);
  return idParam(typeof value === 'number' ? String(value) : value, name);
}

function optionalBodyId(body: unknown, name: string): number | null {
  const value = bodyField(body, name);
  return value === undefined || value === null || value === '' ? null : bodyId(body, name);
}

/** The manual notification request of spec 1 §3 (accountId, MemberId, ContractId, emailSubject, …). */
function manualRequest(body: unknown): ManualNotificationRequest {
  return {
    accountId: bodyId(body, 'accountId'),
    memberId: bodyId(body, 'memberId'),
    contractId: bodyId(body, 'contractId'),
    templateId: optionalBodyId(body, 'templateId'),
    notificationName: bodyText(body, 'notificationName'),
    emailSubject: bodyText(body, 'emailSubject'),
    emailBody: bodyText(body, 'emailBody'),
    smsBody: bodyText(body, 'smsBody'),
    message: bodyText(body, 'message'),
  };
}

/** /api/notifications, /api/NotificationTemplates and the support contact (1 §7, 3 §7), over the same services. */
export const notificationRoutes = [
  route(
    'get',
    '/api/notifications/getmanualnotificationtemplate',
    STAFF_AND_REPORTER_ROLES,
    NotificationTemplateView,
    ({ em, req, user, services }) => services.notifications.template(em, user, idParam(req.query.id, 'id')),
  ),
  route(
    'get',
    '/api/NotificationTemplates/GetManualWithPreview/:accountId',
    STAFF_AND_REPORTER_ROLES,
    [NotificationPreviewView],
    ({ em, req, user, services }) =>
      services.notifications.manualPreviews(em, user, idParam(req.params.accountId, 'accountId')),
  ),
  route(
    'get',
    '/api/notifications/GetContractApprovingPreview',
    STAFF_AND_REPORTER_ROLES,
    NotificationPreviewView,
    ({ em, req, user, services }) =>
      services.notifications.approvalPreview(em, user, idParam(req.query.contractId, 'contractId')),
  ),
  ...['/api/notifications/sendManually', '/api/notifications/sendNotification'].map((path) =>
    route('post', path, STAFF_ROLES, async ({ em, req, user, services }) => {
      const { message } = await services.notifications.sendManual(em, user, manualRequest(req.body));
      return message;
    }),
  ),
  route('post', '/api/notifications/sendemailtosupport', 'signed-in', async ({ em, req, user, services }) => {
    const { message } = await services.support.send(em, user, {
      accountId: optionalBodyId(req.body, 'accountId'),
      message: bodyText(req.body, 'message'),
    });
    return message;
  }),
  route('get', '/api/contracts/getbillsumosupportcontact', 'signed-in', SupportContactView, ({ em, user, services }) =>
    services.support.contact(em, user),
  ),
];
