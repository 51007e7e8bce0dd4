import { describe, expect, it } from 'vitest';
import { type MailedReport, reportEmailParts } from './report-email.js';

const answer: MailedReport = {
  id: 'administrators',
  period: { preset: null, from: '2026-11-02', to: '2026-11-15', group: 'week', tz: 'Europe/Kyiv' },
  buckets: ['2026-11-02', '2026-11-09'],
  sections: [
    {
      id: 'byAdministrator',
      series: [
        { key: '7', label: '<script>alert(1)</script>', values: [1200, 3], total: 1203 },
        { key: '8', label: '=HYPERLINK("http://x.test","go")', values: [0, 2], total: 2 },
        { key: '0', label: null, values: [1, 0], total: 1 },
      ],
    },
    { id: 'byAction', series: [{ key: 'signin', label: null, values: [4, 5], total: 9 }] },
  ],
};

describe('a mailed report', () => {
  it('escapes every name in the tables and keeps formulas out of the CSV', () => {
    const { tablesHtml, csv } = reportEmailParts(answer, 'en-US');
    expect(tablesHtml).not.toContain('<script>');
    expect(tablesHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(tablesHtml).toContain('=HYPERLINK(&quot;http://x.test&quot;,&quot;go&quot;)');
    expect(csv).toContain('"\'=HYPERLINK(""http://x.test"",""go"")"');
    expect(csv).toContain('<script>alert(1)</script>');
  });

  it('says a section had nothing in its period instead of a table of zeros, as the panel does; its CSV keeps it', () => {
    const quiet: MailedReport = {
      ...answer,
      sections: [{ id: 'byResource', series: [{ key: 'users', label: null, values: [0, 0], total: 0 }] }],
    };
    const { tablesHtml, csv } = reportEmailParts(quiet, 'uk-UA');
    expect(tablesHtml).toContain('За цей період нічого не сталося.');
    expect(tablesHtml).not.toContain('<table');
    expect(csv).toContain('Разом,0');
  });

  it('writes every section: a heading and a table with a row per bucket and the totals, figures right-aligned', () => {
    const { tablesHtml } = reportEmailParts(answer, 'en-US');
    expect(tablesHtml).toContain('>By administrator</h3>');
    expect(tablesHtml).toContain('>By kind of action</h3>');
    expect(tablesHtml).toContain('>Week (from Monday)</th>');
    expect(tablesHtml).toContain('>Unknown (failed sign-ins)</th>');
    expect(tablesHtml).toContain('>2026-11-09</td>');
    expect(tablesHtml).toMatch(/text-align:right">1,200<\/td>/);
    expect(tablesHtml).toMatch(/>Total<\/th><td [^>]*>1,203<\/td>/);
  });

  it('puts all sections in one CSV, each under its title, with a byte-order mark', () => {
    const { csv } = reportEmailParts(answer, 'en-US');
    expect(csv).toBe(
      [
        '\uFEFFBy administrator',
        'Week (from Monday),<script>alert(1)</script>,"\'=HYPERLINK(""http://x.test"",""go"")",Unknown (failed sign-ins)',
        '2026-11-02,1200,0,1',
        '2026-11-09,3,2,0',
        'Total,1203,2,1',
        '',
        'By kind of action',
        'Week (from Monday),Sign-in',
        '2026-11-02,4',
        '2026-11-09,5',
        'Total,9',
        '',
      ].join('\r\n'),
    );
  });

  it('speaks Ukrainian, and labels a whole-period figure "For the period"', () => {
    const chat: MailedReport = {
      ...answer,
      id: 'chat',
      period: { ...answer.period, group: 'day' },
      sections: [
        {
          id: 'activeUsers',
          totals: 'period',
          series: [{ key: 'all', label: null, values: [2, 3], total: 4 }],
        },
      ],
    };
    const { tablesHtml, csv } = reportEmailParts(chat, 'uk-UA');
    expect(tablesHtml).toContain('>Активні користувачі</h3>');
    expect(tablesHtml).toContain('>Писали в чат</th>');
    expect(tablesHtml).toMatch(/>За період<\/th><td [^>]*>4<\/td>/);
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFАктивні користувачі',
      'День,Писали в чат',
      '2026-11-02,2',
      '2026-11-09,3',
      'За період,4',
      '',
    ]);
    expect(reportEmailParts(chat, 'en-US').csv).toContain('For the period,4');
  });
});
