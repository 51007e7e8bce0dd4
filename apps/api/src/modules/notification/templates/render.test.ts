import { describe, expect, it } from 'vitest';
import { htmlToText, renderTemplate } from './render.js';

const texts = new Map([
  ['mail.hello', { 'uk-UA': 'Привіт, {name} & друзі', 'en-US': 'Hello, {name}' }],
  ['mail.only_uk', { 'uk-UA': 'Лише українською', 'en-US': '' }],
]);

describe('rendering a template', () => {
  const email = {
    type: 'email' as const,
    subject: '{t:mail.hello}',
    content: '<p>{t:mail.hello}</p><p>{t:mail.only_uk}</p><a href="{url}">x</a>',
  };

  it('escapes variables and translation texts in HTML, but not in the subject or the text part', () => {
    const { message, problems } = renderTemplate(
      email,
      'uk-UA',
      { name: '<Ann>', url: 'https://a.test/?a=1&b="2"' },
      texts,
    );
    expect(message.subject).toBe('Привіт, <Ann> & друзі');
    expect(message.html).toContain('<p>Привіт, &lt;Ann&gt; &amp; друзі</p>');
    expect(message.html).toContain('href="https://a.test/?a=1&amp;b=&quot;2&quot;"');
    expect(message.text).toContain('Привіт, <Ann> & друзі');
    expect([...problems.missingVariables]).toEqual([]);
  });

  it('falls back to uk-UA for a missing or empty text and reports what it cannot fill', () => {
    const { message, problems } = renderTemplate(
      { ...email, content: '{t:mail.only_uk} {t:mail.none} {missing} {obj}' },
      'en-US',
      { name: 'A', obj: { a: 1 } },
      texts,
    );
    expect(message.html).toContain('Лише українською');
    expect([...problems.missingTranslations]).toEqual(['mail.none']);
    expect([...problems.missingVariables]).toEqual(['missing']);
    expect([...problems.nonScalarVariables]).toEqual(['obj']);
  });

  it('keeps unknown placeholders visible for a preview, and removes line breaks from the subject', () => {
    const { message } = renderTemplate(
      { type: 'email', subject: 'a {x}\r\nBcc: evil@x.test', content: '{t:no.such} {y}' },
      'en-US',
      { x: 'line\nbreak' },
      new Map(),
      { keepUnknown: true },
    );
    expect(message.subject).toBe('a line break Bcc: evil@x.test');
    expect(message.html).toBe('[no.such] {y}');
  });

  it('renders push and SMS as plain text without escaping', () => {
    const { message } = renderTemplate(
      { type: 'sms', subject: null, content: 'Code <{code}>' },
      'uk-UA',
      { code: '1&2' },
      texts,
    );
    expect(message).toEqual({ subject: null, html: null, text: 'Code <1&2>' });
  });

  it('makes a text part that keeps link addresses on one line', () => {
    const link = `https://panel.test/change-password?code=${'x'.repeat(120)}`;
    expect(htmlToText(`<p>Go:<br><a href="${link}">${link}</a></p>`)).toBe(`Go:\n${link}`);
  });

  it('keeps a data table a grid in the text part', () => {
    const table =
      '<table class="data"><tr><th>Day</th><th>Sent</th></tr><tr><td>2026-11-02</td><td>10</td></tr></table>';
    expect(htmlToText(table)).toBe('Day          Sent\n2026-11-02   10');
  });

  it('puts server-made HTML into the HTML as it is, and only its text into the subject and text part', () => {
    const table = '<table class="data"><tr><td><b>42</b></td></tr></table>';
    const { message, problems } = renderTemplate(
      { type: 'email', subject: 'Figures: {table}', content: '<p>{name}</p>{table}' },
      'en-US',
      { name: '<i>Ann</i>', table: '<script>ignored</script>' },
      texts,
      { trustedHtml: { table } },
    );
    expect(message.html).toBe(`<p>&lt;i&gt;Ann&lt;/i&gt;</p>${table}`);
    expect(message.subject).toBe('Figures: 42');
    expect(message.text).toBe('<i>Ann</i>\n\n42');
    expect([...problems.missingVariables]).toEqual([]);
  });
});
