import { formatCurrency } from '../../shared/money.js';
import { type AgreementConfirmView, type ConfirmItemView, longDate } from '../agreement/index.js';
import { renderPdf } from './pdf-document.js';

export interface ContractPdfTexts {
  productName: string;
  institutionName: string;
  printedAgreementTerms: readonly string[];
  confirmSignatureText: string;
  /** 'Printed on' + the date. */
  printedOn: string;
  year: number;
}

/** 'Printed on 24 November, 2026' (spec 3 §7: header 'Printed on' plus date). */
export const printedOnHeader = (date: string) => `Printed on ${longDate(date as never)}`;

/** 'Powered by {product} © {year}' (spec 3 §9). */
export const poweredByFooter = (product: string, year: number) => `Powered by ${product} © ${year}`;

function itemLine(item: ConfirmItemView): string {
  const highlight = item.highlight ? ` [${item.highlight}]` : '';
  const kind = item.type === 1 ? 'sub-category' : 'biller';
  return `${item.nickname} (${kind})${highlight}: ${formatCurrency(item.expenseAmount)} ${item.frequencyLabel}, from ${longDate(item.dateCommencing)}`;
}

/** The agreement as the member signs it: member, account, billers, deposits and schedule, printed terms. */
export function contractPdf(view: AgreementConfirmView, texts: ContractPdfTexts): Promise<Buffer> {
  return renderPdf(
    { headerText: texts.printedOn, footerText: poweredByFooter(texts.productName, texts.year) },
    (doc) => {
      const heading = (text: string) =>
        doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).text(text).font('Helvetica').fontSize(10).moveDown(0.3);
      doc.font('Helvetica-Bold').fontSize(16).text(`${texts.productName} agreement`);
      doc.font('Helvetica').fontSize(10).text(texts.institutionName).moveDown(0.5);
      doc.text(`Member${view.memberNames.length > 1 ? 's' : ''}: ${view.memberNames.join(', ')}`);
      doc.text(`Account: ${view.accountNumber}`);
      doc.text(
        `Agreement: ${view.contractId}   Period: ${longDate(view.summary.startDate)} to ${longDate(view.summary.endDate)}`,
      );

      heading('Deposits');
      doc.text(`Frequency: ${view.summary.frequencyLabel}`);
      doc.text(`Deposit amount: ${formatCurrency(view.summary.depositAmount)}`);
      if (view.summary.nextDepositAmount !== null && view.summary.nextDepositAmount !== view.summary.depositAmount) {
        doc.text(`Next deposit amount: ${formatCurrency(view.summary.nextDepositAmount)}`);
      }
      if (view.summary.fee !== null && view.summary.fee > 0) {
        doc.text(`Fee per deposit: ${formatCurrency(view.summary.fee)}`);
      }
      doc.text(
        `${view.isSetup ? 'First' : 'Next'} deposit: ${view.summary.firstDepositDate ? longDate(view.summary.firstDepositDate) : '—'}`,
      );
      doc.text(`End date: ${longDate(view.summary.endDate)}`);
      doc.text(`Schedule: ${view.summary.scheduleSummary}`);

      const table = (title: string, items: readonly ConfirmItemView[]) => {
        heading(title);
        if (items.length === 0) doc.text('None.');
        for (const item of items) doc.text(`• ${itemLine(item)}`);
      };
      table('Billers paid automatically', view.automatic);
      table('Billers paid manually', view.manual);
      if (view.outsidePeriod.length > 0) table('Bills outside the agreement period', view.outsidePeriod);
      if (view.finalBills.length > 0) {
        heading('Final bills');
        for (const line of view.finalBills) doc.text(`• ${line.nickname}: ${line.label} on ${longDate(line.date)}`);
      }

      heading('Terms');
      texts.printedAgreementTerms.forEach((term, i) => doc.text(`${i + 1}. ${term}`));
      heading('Confirmation');
      view.confirmations.forEach((statement) => doc.text(`[ ] ${statement}`));
      doc.moveDown(0.5).text(texts.confirmSignatureText);
      doc.moveDown(2).text('Signature: ________________________________      Date: ____________');
    },
  );
}
