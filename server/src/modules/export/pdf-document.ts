export interface PageFrame {
  headerText: string;
  footerText: string;
  landscape?: boolean;
}

/**
 * A pdfkit document whose pages all get the header and the footer once it is finished; answers the PDF's bytes.
 * pdfkit is synchronous (~6 ms a page, STACK.md): an agreement is a few pages, so it runs on the request. It is
 * loaded with the first PDF, not at start-up (about 0.4 s of a restart, issue 23 item 6).
 */
export async function renderPdf(frame: PageFrame, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: frame.landscape ? 'landscape' : 'portrait',
    margins: { top: 60, bottom: 60, left: 50, right: 50 },
    bufferPages: true,
    info: { Title: frame.headerText || 'Document', Producer: 'pdfkit' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica').fontSize(10);
  draw(doc);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing in the margin must not add a page
    doc.font('Helvetica').fontSize(8).fillColor('#444444');
    if (frame.headerText)
      doc.text(frame.headerText, doc.page.margins.left, 30, { width, align: 'left', lineBreak: false });
    const footer = `${frame.footerText}${frame.footerText ? '   ·   ' : ''}Page ${i - range.start + 1} of ${range.count}`;
    doc.text(footer, doc.page.margins.left, doc.page.height - 40, { width, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
