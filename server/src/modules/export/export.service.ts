import type { EntityManager } from '@mikro-orm/postgresql';
import { requireUser } from '../../common/auth/access.js';
import type { CurrentUser } from '../../common/auth/current-user.js';
import type { Clock } from '../../shared/clock.js';
import { DomainError } from '../../shared/errors.js';
import type { AgreementWizardService, ConfirmService } from '../agreement/index.js';
import type { SettingsService } from '../settings/index.js';
import { contractPdf, poweredByFooter, printedOnHeader } from './contract-pdf.js';
import { legacyCsv, type LegacyCsvRequest } from './csv.js';
import { htmlToText } from './html-text.js';
import { renderPdfOffThread } from './pdf-off-thread.js';

/** The longest html accepted by /api/export/htmlstring (a printed agreement is a few kilobytes). */
export const HTML_MAX_LENGTH = 1_000_000;
const TEXT_MAX_LENGTH = 500;

export interface HtmlStringRequest {
  value: unknown;
  headerText?: unknown;
  footerText?: unknown;
  pageOrientation?: unknown;
}

/** 0 (or 'portrait', absent) portrait; 1 (or 'landscape') landscape. */
export function landscapeOf(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === 0 || value === '0') return false;
  if (value === 1 || value === '1') return true;
  if (typeof value === 'string' && ['portrait', 'landscape'].includes(value.toLowerCase())) {
    return value.toLowerCase() === 'landscape';
  }
  throw new DomainError(
    'INVALID_ORIENTATION',
    'pageOrientation must be 0 (portrait) or 1 (landscape).',
    'pageOrientation',
  );
}

function optionalText(value: unknown, field: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || value.length > TEXT_MAX_LENGTH) {
    throw new DomainError('INVALID_FIELD', `${field} must be text of at most ${TEXT_MAX_LENGTH} characters.`, field);
  }
  return htmlToText(value);
}

/**
 * PDFs made on the server with pdfkit (spec 3 §7): the printed agreement of the confirm page, and the legacy
 * POST /api/export/htmlstring, which prints the text content of the html it is given (never running it; the
 * missed-deposit report's client sends it landscape with 'Printed on'), drawn on the PDF worker thread.
 */
export class ExportService {
  constructor(
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly confirm: ConfirmService,
    private readonly wizard: AgreementWizardService,
  ) {}

  /** Contract_Confirm.pdf: printable only when the version is open for the caller and not under the lock. */
  async contractPdf(em: EntityManager, user: CurrentUser | null, contractId: number): Promise<Buffer> {
    const view = await this.confirm.view(em, user, contractId);
    if (view.lock) throw new DomainError(view.lock.code, view.lock.message, 'contractId');
    await this.wizard.openForEditing(em, user, contractId);
    const settings = await this.settings.clientSettings(em);
    const today = this.clock.today();
    return contractPdf(view, {
      productName: settings.productName,
      institutionName: settings.institutionName,
      printedAgreementTerms: settings.printedAgreementTerms,
      confirmSignatureText: settings.confirmSignatureText,
      printedOn: printedOnHeader(today),
      year: Number(today.slice(0, 4)),
    });
  }

  /** POST /api/export/misseddepositreport/tocsv: data, columnNames, fieldsToExport → the CSV, base64. */
  csvBase64(user: CurrentUser | null, request: LegacyCsvRequest): string {
    requireUser(user);
    return Buffer.from(legacyCsv(request)).toString('base64');
  }

  /** POST /api/export/htmlstring: value, headerText, footerText, pageOrientation → the PDF, base64. */
  async htmlString(em: EntityManager, user: CurrentUser | null, request: HtmlStringRequest): Promise<string> {
    requireUser(user);
    if (typeof request.value !== 'string' || request.value.trim() === '') {
      throw new DomainError('INVALID_FIELD', 'value must be the html to print.', 'value');
    }
    if (request.value.length > HTML_MAX_LENGTH) {
      throw new DomainError('TOO_LARGE', `value can be at most ${HTML_MAX_LENGTH} characters.`, 'value');
    }
    const landscape = landscapeOf(request.pageOrientation);
    const headerText = optionalText(request.headerText, 'headerText');
    const footerText = optionalText(request.footerText, 'footerText');
    const settings = await this.settings.clientSettings(em);
    const text = htmlToText(request.value);
    const pdf = await renderPdfOffThread(
      {
        headerText,
        footerText: footerText || poweredByFooter(settings.productName, Number(this.clock.today().slice(0, 4))),
        landscape,
      },
      [{ kind: 'text', text }],
    );
    return pdf.toString('base64');
  }
}
