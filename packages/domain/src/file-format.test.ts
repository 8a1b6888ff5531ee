import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from './dispensing.ts';
import {
  FILE_FORMAT_MESSAGES,
  csvHeaderPosition,
  csvPrescriptionKey,
  detectFileFormat,
  normalizeLineEnds,
  receiptRecordId,
  repeatsHeader,
} from './file-format.ts';

describe('detectFileFormat', () => {
  it('reads the first non-blank line, whatever blank lines and spaces come before it', () => {
    expect(detectFileFormat('YK,1,40,4,1100018\n')).toEqual({ format: 'uke', lineNo: 1 });
    expect(detectFileFormat('\n \t\n  RE,1,4112\n')).toEqual({ format: 'uke', lineNo: 3 });
    expect(detectFileFormat(`\n${CSV_COLUMNS.join(',')}\n`)).toEqual({
      format: 'pharmalytics-csv',
      lineNo: 2,
    });
    expect(detectFileFormat(' "#pharmalytics-dispensing",1\n')).toEqual({
      format: 'pharmalytics-csv',
      lineNo: 1,
    });
  });

  it('refuses other receipt files, unknown text and empty files with a message naming the line', () => {
    expect(detectFileFormat('\nIR,1,40')).toEqual({
      format: null,
      lineNo: 2,
      message: FILE_FORMAT_MESSAGES.medicalReceipt(2),
    });
    expect(detectFileFormat('MR,1,40')).toMatchObject({ format: null, lineNo: 1 });
    expect(detectFileFormat('id,name\n')).toEqual({
      format: null,
      lineNo: 1,
      message: FILE_FORMAT_MESSAGES.unknown(1),
    });
    expect(detectFileFormat(' \n')).toEqual({
      format: null,
      lineNo: 1,
      message: FILE_FORMAT_MESSAGES.empty,
    });
  });
});

describe('layout helpers shared by uploader and server', () => {
  it('splits lines at CRLF, LF and a lone CR alike', () => {
    expect(normalizeLineEnds('a\r\nb\rc\n')).toBe('a\nb\nc\n');
  });

  it('reads a record ID without surrounding spaces', () => {
    expect(receiptRecordId('  RE ,1,2')).toBe('RE');
    expect(receiptRecordId('GO')).toBe('GO');
  });

  it('finds the header after an optional version line', () => {
    expect(csvHeaderPosition([[' #pharmalytics-dispensing', '1'], ['a']])).toEqual({
      markAt: 0,
      headerAt: 1,
    });
    expect(csvHeaderPosition([['a']])).toEqual({ markAt: null, headerAt: 0 });
    expect(csvHeaderPosition([['#pharmalytics-dispensing']])).toEqual({
      markAt: 0,
      headerAt: null,
    });
    expect(repeatsHeader([' a', 'b '], ['a', 'b'])).toBe(true);
    expect(repeatsHeader(['a'], ['a', 'b'])).toBe(false);
  });

  it('keys a prescription by date, reception and number, without leading zeros', () => {
    expect(csvPrescriptionKey('2026-04-01', 'A1', '01')).toBe(
      csvPrescriptionKey(' 2026-04-01', 'A1 ', '1'),
    );
    expect(csvPrescriptionKey('2026-04-01', '', '1')).toBeNull();
  });
});
