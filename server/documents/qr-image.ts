import QRCode from 'qrcode';

// PayNow codes are drawn on the server: the storefront ships no QR library (first-load budget),
// and the e-mail needs a PNG that mail clients show inline. Level M survives a smudged print
// and keeps a 120-character payload at a size phones read from a screen.
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** An SVG document (black on white, with the quiet zone scanners need). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...OPTIONS, type: 'svg', color: { dark: '#000000', light: '#ffffff' } });
}

/** A PNG, about 300 px wide, for e-mails. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...OPTIONS, type: 'png', width: 300 });
}
