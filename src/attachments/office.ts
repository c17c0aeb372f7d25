/**
 * Word, Excel, PowerPoint, OpenDocument and iWork files: which converter reads a file (`officeInput`), and why
 * the others are refused, with advice on what to attach instead. The conversion itself is `office-convert.ts`,
 * run in the office worker.
 */
import { assertNever } from '../agent';
import { extensionOf } from './names';
import type { OfficeInput } from './office-convert';
import type { OfficeFamily } from './types';

/**
 * The converter for an office file, or why it is refused. OLE2 files go to the converter too: it tells a
 * password-protected OOXML file and an old binary Word or PowerPoint file apart, and reads old Excel files.
 */
export function officeInput(
  family: OfficeFamily,
  container: 'zip' | 'ole' | 'unknown',
  name: string,
): Exclude<OfficeInput, 'delimited'> | { readonly reason: string } {
  if (container === 'unknown') {
    return {
      reason: `The file is named like ${article(family)} ${familyName(family)} file but is not one (it is neither a ZIP-based nor an OLE2 Office file).`,
    };
  }
  switch (family) {
    case 'word':
      return 'docx';
    case 'excel':
      return 'sheet';
    case 'powerpoint':
      return 'pptx';
    case 'office':
      return container === 'ole' ? 'sheet' : { reason: officeReason(family, container) };
    case 'opendocument':
      return extensionOf(name) === 'ods' ? 'sheet' : { reason: officeReason(family, container) };
    case 'iwork':
      return { reason: officeReason(family, container) };
    default:
      return assertNever(family);
  }
}

function article(family: OfficeFamily): string {
  return family === 'excel' || family === 'opendocument' || family === 'office' ? 'an' : 'a';
}

/** Why an office file is refused, with what to do instead. */
export function officeReason(family: OfficeFamily, container: 'zip' | 'ole' | 'unknown'): string {
  if (container === 'ole') {
    return (
      `${familyName(family)} files in the old binary format, or protected with a password, cannot be attached. ` +
      `${advice(family)}`
    );
  }
  return `${familyName(family)} files of this kind cannot be read. ${advice(family)}`;
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
      return 'Save it as .docx or PDF and attach that.';
    case 'powerpoint':
      return 'Save it as .pptx or PDF and attach that.';
    case 'iwork':
      return 'Export it as a Word, Excel or PowerPoint file (or PDF) and attach that.';
    case 'opendocument':
    case 'office':
      return 'Save it as .docx, .xlsx, .pptx or PDF and attach that.';
    default:
      return assertNever(family);
  }
}
