import type { Attributes } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { statementKind } from './pglite-spans.js';
import { scrubAttributes, scrubSpan } from './scrub-attributes.js';

describe('scrubAttributes', () => {
  it('drops addresses, browsers and query strings and keeps the rest', () => {
    const attributes: Attributes = {
      'http.route': '/auth/admin/users',
      'url.full': 'https://api.example/Accounts/AC1/Messages.json?api_key=secret&to=+380501234567',
      'http.target': '/auth/admin/users?email=bob%40example.com',
      'url.path': '/auth/admin/users',
      'url.query': 'email=bob%40example.com',
      'client.address': '203.0.113.7',
      'http.client_ip': '203.0.113.7',
      'user_agent.original': 'Mozilla/5.0',
      'http.response.status_code': 200,
    };
    scrubAttributes(attributes);
    expect(attributes).toEqual({
      'http.route': '/auth/admin/users',
      'url.full': 'https://api.example/Accounts/AC1/Messages.json',
      'http.target': '/auth/admin/users',
      'url.path': '/auth/admin/users',
      'http.response.status_code': 200,
    });
  });

  it("keeps a database error's code but not its text, which can quote a row", () => {
    const span = {
      attributes: {
        'db.system.name': 'postgresql',
        'db.query.text': 'insert into admins (email) values ($1)',
      },
      status: { message: 'duplicate key value violates unique constraint: Key (email)=(bob@example.com)' },
      events: [
        { attributes: { 'exception.message': 'Key (email)=(bob@example.com)', 'exception.type': '23505' } },
      ],
    };
    scrubSpan(span);
    expect(span.status).toEqual({});
    expect(span.events[0]?.attributes).toEqual({ 'exception.type': '23505' });
    expect(span.attributes['db.query.text']).toBe('insert into admins (email) values ($1)');
  });
});

describe('statementKind', () => {
  it('names a statement by its first word, past leading comments', () => {
    expect(statementKind('select 1')).toBe('SELECT');
    expect(statementKind('  insert into t values ($1)')).toBe('INSERT');
    expect(statementKind('with claimed as (update q set a = 1 returning *) select * from claimed')).toBe(
      'WITH',
    );
    expect(statementKind('/* prepared */ select 1')).toBe('SELECT');
    expect(statementKind('')).toBe('SQL');
  });
});
