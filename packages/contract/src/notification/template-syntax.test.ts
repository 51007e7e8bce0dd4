import { describe, expect, it } from 'vitest';
import { variablesSchema } from './json-variables.js';
import { sendRequestSchema } from './send.js';
import { replacePlaceholders, scanTemplate } from './template-syntax.js';
import { templateWriteSchema } from './templates.js';

describe('template syntax', () => {
  it('finds variables (dotted paths) and translation references once each, in order', () => {
    const usage = scanTemplate(
      '{t:mail.subject} {name}',
      '<p>{order.number} {name} {t:mail.body} {t:mail.subject}</p>',
    );
    expect(usage).toEqual({
      variables: ['name', 'order.number'],
      translations: ['mail.subject', 'mail.body'],
    });
  });

  it('leaves braces that open no placeholder alone (CSS, JSON, a lone brace)', () => {
    const text = 'p { color: red } {"a": 1} { name } {1abc} {t:} {t:nogroupkey}';
    expect(scanTemplate(text)).toEqual({ variables: [], translations: [] });
    expect(replacePlaceholders(text, () => 'X')).toBe(text);
  });

  it('splits a translation reference at its first dot', () => {
    const seen: string[] = [];
    replacePlaceholders('{t:group.key.with.dots}', (placeholder) => {
      if (placeholder.kind === 'translation') seen.push(`${placeholder.group}|${placeholder.key}`);
      return '';
    });
    expect(seen).toEqual(['group|key.with.dots']);
  });
});

describe('notification schemas', () => {
  it('bounds the depth of variables', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 64; level++) deep = { deep };
    expect(variablesSchema.safeParse(deep).success).toBe(true);
    expect(variablesSchema.safeParse({ deep }).success).toBe(false);
    expect(variablesSchema.safeParse([1]).success).toBe(false);
    expect(variablesSchema.safeParse({ a: 'x\u0000' }).success).toBe(false);
  });

  it('needs a subject for e-mail only, and reads sample variables from JSON text', () => {
    const base = { name: 'n', type: 'sms', subject: '', content: 'Hi', priority: 0, is_active: true };
    expect(templateWriteSchema.safeParse(base).success).toBe(true);
    const email = templateWriteSchema.safeParse({ ...base, type: 'email' });
    expect(email.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['subject', 'required'],
    ]);
    const sample = templateWriteSchema.parse({ ...base, sample_variables: '{"a": [1]}' });
    expect(sample.sample_variables).toEqual({ a: [1] });
    const broken = templateWriteSchema.safeParse({ ...base, sample_variables: '{a' });
    expect(broken.error?.issues[0]?.message).toBe('invalidJson');
  });

  it('keeps send bodies strict', () => {
    expect(sendRequestSchema.safeParse({ template: 't', to: 'a@b.c', extra: 1 }).success).toBe(false);
    expect(
      sendRequestSchema.safeParse({ template: 't', to: 'a@b.c', idempotency_key: 'k'.repeat(256) }).success,
    ).toBe(false);
  });
});
