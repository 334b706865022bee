/**
 * The text content of an html string, for printing: nothing in it is run or fetched (scripts, styles and comments
 * are dropped with their content; every tag is removed), block ends become line breaks, table cells are separated,
 * and character references are decoded.
 */
export function htmlToText(html: string): string {
  const withoutCode = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|noscript|template|iframe|object)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|style|noscript|template|iframe|object)\b[^>]*>/gi, '');
  const broken = withoutCode
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|tr|h[1-6]|li|table|thead|tbody|section|header|footer|ul|ol)\s*>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '• ')
    .replace(/<\/(td|th)\s*>/gi, '\t');
  const text = decodeEntities(broken.replace(/<[^>]*>/g, ''));
  return text
    .split('\n')
    .map((line) =>
      line
        .replace(/[ \f\r\v]+/g, ' ')
        .replace(/\t+$/, '')
        .replace(/\t/g, '  |  ')
        .trim(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const NAMED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  reg: '®',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  bull: '•',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}
