/** Text made safe inside HTML. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * An e-mail's HTML part from its text part, so both say the same: each blank-line-separated paragraph a `<p>`, its
 * line breaks kept, "What to do:" in bold, everything escaped; in a plain, readable frame headed by the institution.
 */
export function emailHtml(text: string, institutionName: string): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const html = escapeHtml(paragraph.trim()).replace(/\n/g, '<br>');
      return `<p style="margin:0 0 16px">${html.replace(/^What to do:/, '<strong>What to do:</strong>')}</p>`;
    })
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(institutionName)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a202c">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;padding:24px;font-size:16px;line-height:1.5">',
    `<p style="margin:0 0 24px;font-weight:bold;font-size:18px">${escapeHtml(institutionName)}</p>`,
    paragraphs,
    '</div></body></html>',
  ].join('\n');
}

/** The From of an e-mail: the institution's name and the configured address (MAIL_FROM's address part). */
export function senderOf(institutionName: string, mailFrom: string): { name: string; address: string } {
  const match = /<([^>]+)>/.exec(mailFrom);
  return { name: institutionName, address: (match ? match[1] : mailFrom).trim() };
}
