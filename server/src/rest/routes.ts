import { accountRoutes } from '../modules/account/index.js';
import {
  agreementDepositRoutes,
  agreementRoutes,
  agreementWizardRoutes,
  completionRoutes,
  lifecycleRoutes,
  queuedChangeRoutes,
} from '../modules/agreement/index.js';
import { activityRoutes } from '../modules/activity-history/index.js';
import { authRoutes } from '../modules/auth/index.js';
import { billingCategoryRoutes, subCategoryRoutes } from '../modules/billing-category/index.js';
import { companyRoutes } from '../modules/company/index.js';
import { billerRoutes } from '../modules/biller/index.js';
import { memberRoutes, memberSearchRoutes } from '../modules/member/index.js';
import { noteRoutes } from '../modules/note/index.js';
import { notificationRoutes } from '../modules/notification/index.js';
import { overviewRoutes } from '../modules/overview/index.js';
import { preferencesRoutes } from '../modules/preferences/index.js';
import { exportRoutes } from '../modules/export/index.js';
import { missedDepositRoutes } from '../modules/report/index.js';
import { paymentRoutes } from '../modules/payment/index.js';
import { approvalRoutes } from '../modules/approval/index.js';
import { plannerRoutes } from '../modules/planner/index.js';
import { profileRoutes } from '../modules/profile/index.js';
import { settingsRoutes } from '../modules/settings/index.js';
import { transactionRoutes } from '../modules/transaction/index.js';
import type { RestRoute } from './route.js';

/** Every REST route of the legacy façade (and POST /Token), in one list: the permission snapshot reads it. */
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...settingsRoutes,
  ...memberSearchRoutes, // before memberRoutes: /api/members/:id would take /api/members/GetAllForSearch
  ...activityRoutes, // before memberRoutes: /api/members/:id would take /api/members/gettransactionstatuses
  ...memberRoutes,
  ...accountRoutes,
  ...plannerRoutes,
  ...overviewRoutes,
  ...transactionRoutes,
  ...profileRoutes,
  ...noteRoutes,
  ...notificationRoutes,
  ...paymentRoutes,
  ...approvalRoutes, // spec 1 §7's manager approval, after the payments as it always was
  ...queuedChangeRoutes,
  ...billingCategoryRoutes,
  ...companyRoutes,
  ...agreementWizardRoutes,
  ...completionRoutes,
  ...agreementDepositRoutes,
  ...lifecycleRoutes,
  ...preferencesRoutes,
  ...exportRoutes,
  ...missedDepositRoutes,
  ...billerRoutes,
  ...subCategoryRoutes,
  ...agreementRoutes, // last: GET /api/contracts/:id would take every /api/contracts/<word> GET before it
];
