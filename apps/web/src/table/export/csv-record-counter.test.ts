import { describe, expect, it } from 'vitest';
import { createCsvRecordCounter } from './csv-record-counter';

describe('createCsvRecordCounter', () => {
  it('counts line ends outside quotes, across pieces split anywhere', () => {
    const csv = 'id,name\r\n1,"two\r\nlines"\r\n2,"say ""hi"""\r\n3,plain\r\n';
    for (let cut = 0; cut <= csv.length; cut += 1) {
      const counter = createCsvRecordCounter();
      counter.push(csv.slice(0, cut));
      expect(counter.push(csv.slice(cut))).toBe(4);
    }
  });
});
