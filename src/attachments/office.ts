/**
 * Word, Excel, PowerPoint, OpenDocument and iWork files. Easel does not read them yet: each is refused with
 * advice on what to attach instead (see README.md for the library decision). This is where a lazily loaded
 * text extractor would plug in.
 */
import { assertNever } from '../agent';
import type { OfficeFamily } from './types';

/** Why an office file is refused, with what to do instead. */
export function officeReason(family: OfficeFamily, container: 'zip' | 'ole' | 'unknown'): string {
  if (container === 'ole') {
    return (
      `${familyName(family)} files in the old binary format, or protected with a password, cannot be attached. ` +
      `${advice(family)}`
    );
  }
  return `${familyName(family)} files cannot be attached yet. ${advice(family)}`;
}

function familyName(family: OfficeFamily): string {
  switch (family) {
    case 'word':
      return 'Word';
    case 'excel':
      return 'Excel';
    case 'powerpoint':
      return 'PowerPoint';
    case 'opendocument':
      return 'OpenDocument';
    case 'iwork':
      return 'Pages, Numbers and Keynote';
    case 'office':
      return 'Office';
    default:
      return assertNever(family);
  }
}

function advice(family: OfficeFamily): string {
  switch (family) {
    case 'excel':
      return 'Export the sheets as CSV (or the workbook as PDF) and attach that.';
    case 'word':
    case 'powerpoint':
    case 'iwork':
      return 'Save it as PDF and attach that.';
    case 'opendocument':
    case 'office':
      return 'Save it as PDF (or a spreadsheet as CSV) and attach that.';
    default:
      return assertNever(family);
  }
}
