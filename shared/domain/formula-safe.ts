// Text read from an uploaded file and shown back (an answer, a list a person may paste or export
// into a spreadsheet) must not run as a formula there: a first character of =, +, -, @, tab or CR
// gets a leading apostrophe, as our CSV exports do with csv-stringify's escape_formulas (the
// OWASP "CSV injection" advice). Control characters become spaces; the length is capped.

// eslint-disable-next-line no-control-regex -- replacing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

export function formulaSafe(s: string, max = 200): string {
  const v = s.replace(CONTROL, ' ').slice(0, max);
  return /^[=+\-@\t\r]/.test(s) ? `'${v}` : v;
}
