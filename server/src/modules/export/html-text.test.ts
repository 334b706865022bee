import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-text.js';

describe('htmlToText (the text content of the given html; nothing in it is run)', () => {
  it.each([
    ['<p>One</p><p>Two</p>', 'One\nTwo'],
    ['Line<br>break<br/>again', 'Line\nbreak\nagain'],
    ['<script>alert(1)</script>Safe', 'Safe'],
    ['<style>p{color:red}</style><p>Text</p>', 'Text'],
    ['<!-- secret -->Shown', 'Shown'],
    ['<img src=x onerror="alert(1)">After', 'After'],
    ['<table><tr><td>Power</td><td>$10.00</td></tr></table>', 'Power  |  $10.00'],
    ['Tom &amp; Jerry &lt;3 &#36;5 &#x41; &copy;', 'Tom & Jerry <3 $5 A ©'],
    ['<ul><li>a</li><li>b</li></ul>', '• a\n• b'],
    ['<iframe src="https://example.com"></iframe>x', 'x'],
  ])('%j → %j', (html, text) => {
    expect(htmlToText(html)).toBe(text);
  });
});
