// Reads the QR code an <img> of the page shows, as a phone's camera would.
import jsQR from 'jsqr';

/** Paints an <img> on a canvas in the page and decodes the QR code it shows. */
export async function decodeQrImage(locator) {
  const { width, height, pixels } = await locator.evaluate(async (img) => {
    await img.decode();
    const size = 400;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size, size);
    context.imageSmoothingEnabled = false;
    context.drawImage(img, 0, 0, size, size);
    return { width: size, height: size, pixels: Array.from(context.getImageData(0, 0, size, size).data) };
  });
  return jsQR(Uint8ClampedArray.from(pixels), width, height)?.data ?? null;
}
