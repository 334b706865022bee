import { STAFF_ROLES, WIZARD_ROLES } from '../../common/auth/roles.js';
import { idOf } from '../agreement/index.js';
import { bodyField, route } from '../../rest/route.js';

/** The printed agreement's file name (spec 3 §7). */
export const CONTRACT_PDF_NAME = 'Contract_Confirm.pdf';

/**
 * Spec 3 §7 export. The confirm page's print is an authenticated GET answering the PDF itself (application/pdf,
 * attachment Contract_Confirm.pdf); the legacy POST /api/export/htmlstring answers the base64 text of a PDF.
 */
export const exportRoutes = [
  route('get', '/api/export/contractpdf', WIZARD_ROLES, async ({ em, req, res, user, services }) => {
    const pdf = await services.exports.contractPdf(em, user, idOf(bodyField(req.query, 'contractId'), 'contractId'));
    res
      .status(200)
      .set({ 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${CONTRACT_PDF_NAME}"` })
      .send(pdf);
  }),

  // Body: { data, columnNames, fieldsToExport }; answers the CSV (Missed_Deposits_Report.csv) as base64 text.
  route('post', '/api/export/misseddepositreport/tocsv', STAFF_ROLES, ({ req, user, services }) =>
    services.exports.csvBase64(user, {
      data: bodyField(req.body, 'data'),
      columnNames: bodyField(req.body, 'columnNames'),
      fieldsToExport: bodyField(req.body, 'fieldsToExport'),
    }),
  ),

  // Body: { value, headerText, footerText, pageOrientation }; answers the PDF as base64 text.
  route('post', '/api/export/htmlstring', STAFF_ROLES, ({ em, req, user, services }) =>
    services.exports.htmlString(em, user, {
      value: bodyField(req.body, 'value'),
      headerText: bodyField(req.body, 'headerText'),
      footerText: bodyField(req.body, 'footerText'),
      pageOrientation: bodyField(req.body, 'pageOrientation'),
    }),
  ),
];
