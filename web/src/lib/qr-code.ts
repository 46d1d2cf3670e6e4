import { create } from 'qrcode';

/** White modules around the symbol, as the QR standard asks, so scanners find it. */
export const QR_QUIET_ZONE = 4;

/** The image's own size per module, for when it is saved or drawn elsewhere. */
const PIXELS_PER_MODULE = 8;

/**
 * The QR code of `text` as an SVG document: one square per dark module, each
 * row's runs of dark modules merged into a single rectangle.
 */
export function qrCodeSvg(text: string): string {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const { size } = modules;
  const full = size + QR_QUIET_ZONE * 2;
  const pixels = full * PIXELS_PER_MODULE;
  let path = '';
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!modules.get(row, col)) {
        col += 1;
        continue;
      }
      let run = 1;
      while (col + run < size && modules.get(row, col + run)) run += 1;
      path += `M${col + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${run}v1h-${run}z`;
      col += run;
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges">` +
    `<rect width="${full}" height="${full}" fill="#ffffff"/>` +
    `<path d="${path}" fill="#000000"/>` +
    `</svg>`
  );
}

/** The QR code of `text` as an image address for an <img>. */
export function qrCodeDataUrl(text: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCodeSvg(text))}`;
}
