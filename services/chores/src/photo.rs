//! Photo proof as it arrives from a child's phone: checked to be a whole image
//! of an accepted type by its content (never its name), and stripped of the
//! metadata that can say where the family lives (EXIF, with its GPS block, and
//! XMP). JPEG keeps only its first image, its colour profile and its
//! orientation, so photos are not shown sideways; PNG only the chunks that
//! draw it.

mod jpeg;
mod png;

use bytes::Bytes;
use exif::{Field, In, Tag, Value, experimental::Writer};
use image::{ImageFormat, ImageReader, Limits};
use img_parts::{ImageEXIF, jpeg::Jpeg, webp::WebP};
use kit::{codes, refusal::Refusal};

/// The largest photo accepted, in bytes.
pub const MAX_BYTES: usize = kit::validate::PHOTO_MAX_BYTES;

/// The most pixels a photo may have: 64 megapixels covers the 48 and 50 MP
/// cameras of today's phones. A small file can claim enormous dimensions, so
/// they are read from the header before any pixel is decoded.
pub const MAX_PIXELS: u64 = 64_000_000;

/// A decode may not need more memory than this (64 MP as 8-bit RGBA).
const MAX_DECODED_BYTES: u64 = 4 * MAX_PIXELS;

/// Photos decoded at once in a process: each may take `MAX_DECODED_BYTES`,
/// and the service's memory limit must hold them (deploy/helm values).
static DECODES: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

/// Why a photo is refused; users read it as the refusal of the submission's
/// `photo` field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhotoError {
    #[error("{}", self.refusal())]
    TooLarge,
    #[error("{}", self.refusal())]
    NotAnImage,
    #[error("{}", self.refusal())]
    Damaged,
    #[error("{}", self.refusal())]
    TooManyPixels,
}

impl PhotoError {
    /// The refusal users see, in the catalogue's words.
    pub fn refusal(&self) -> Refusal {
        match self {
            PhotoError::TooLarge => codes::photo_too_large(),
            PhotoError::NotAnImage => codes::photo_not_an_image(),
            PhotoError::Damaged => codes::photo_damaged(),
            PhotoError::TooManyPixels => codes::photo_too_many_pixels(),
        }
    }
}

/// A photo fit to store.
#[derive(Debug, Clone)]
pub struct Photo {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    pub extension: &'static str,
}

/// [`clean`] on a blocking thread, one photo at a time per process.
pub async fn clean_in_turn(bytes: Vec<u8>) -> Result<Photo, PhotoError> {
    // Closed never: the semaphore is static and never closed.
    let _turn = DECODES.acquire().await.map_err(|_| PhotoError::Damaged)?;
    tokio::task::spawn_blocking(move || clean(bytes))
        .await
        .map_err(|_| PhotoError::Damaged)?
}

/// Checks and cleans a photo. CPU-bound: run it off the async runtime.
pub fn clean(bytes: Vec<u8>) -> Result<Photo, PhotoError> {
    if bytes.len() > MAX_BYTES {
        return Err(PhotoError::TooLarge);
    }
    let format = image::guess_format(&bytes).map_err(|_| PhotoError::NotAnImage)?;
    let (content_type, extension) = match format {
        ImageFormat::Jpeg => ("image/jpeg", "jpg"),
        ImageFormat::Png => ("image/png", "png"),
        ImageFormat::WebP => ("image/webp", "webp"),
        _ => return Err(PhotoError::NotAnImage),
    };
    let cleaned = match format {
        // JPEG, what phones send, is checked by its structure: walking every
        // segment to the end of the first image finds a file cut short, and
        // decoding every pixel of a 12-megapixel photo would cost more than
        // the rest of a submission together.
        ImageFormat::Jpeg => {
            let first = jpeg::first_image(&bytes)?;
            check_pixels(&first.bytes, format)?;
            with_orientation(first)?
        }
        // PNG is rebuilt from the chunks that draw it, and what is stored
        // is what is decoded.
        ImageFormat::Png => {
            let stripped = png::strip(&bytes)?;
            decode_whole(&stripped, format)?;
            stripped
        }
        _ => {
            decode_whole(&bytes, format)?;
            strip_webp(Bytes::from(bytes))?
        }
    };
    Ok(Photo {
        bytes: cleaned,
        content_type,
        extension,
    })
}

/// Refuses an image whose header claims more than [`MAX_PIXELS`], before any
/// pixel is decoded (a small file can claim enormous dimensions).
fn check_pixels(bytes: &[u8], format: ImageFormat) -> Result<(), PhotoError> {
    let (width, height) = ImageReader::with_format(std::io::Cursor::new(bytes), format)
        .into_dimensions()
        .map_err(|_| PhotoError::Damaged)?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(PhotoError::TooManyPixels);
    }
    Ok(())
}

/// Decodes every pixel: a truncated or corrupt file fails here.
fn decode_whole(bytes: &[u8], format: ImageFormat) -> Result<(), PhotoError> {
    check_pixels(bytes, format)?;
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    let mut reader = ImageReader::with_format(std::io::Cursor::new(bytes), format);
    reader.limits(limits);
    reader.decode().map(drop).map_err(|_| PhotoError::Damaged)
}

/// The first image with an EXIF block holding only its orientation (when it
/// had one other than upright).
fn with_orientation(first: jpeg::FirstImage) -> Result<Vec<u8>, PhotoError> {
    let orientation = first
        .exif
        .as_deref()
        .and_then(orientation)
        .filter(|o| *o != 1);
    let Some(orientation) = orientation else {
        return Ok(first.bytes);
    };
    let mut jpeg = Jpeg::from_bytes(Bytes::from(first.bytes)).map_err(|_| PhotoError::Damaged)?;
    jpeg.set_exif(orientation_exif(orientation).map(Bytes::from));
    Ok(jpeg.encoder().bytes().to_vec())
}

/// The WebP chunks that draw the image: its lossy, lossless and alpha data,
/// the extended header, the animation and its frames, and the colour
/// profile. EXIF, XMP and any other chunk (a program's own) go.
const WEBP_KEPT: [[u8; 4]; 7] = [
    *b"VP8 ", *b"VP8L", *b"VP8X", *b"ALPH", *b"ANIM", *b"ANMF", *b"ICCP",
];

fn strip_webp(bytes: Bytes) -> Result<Vec<u8>, PhotoError> {
    let mut webp = WebP::from_bytes(bytes).map_err(|_| PhotoError::Damaged)?;
    webp.chunks_mut()
        .retain(|chunk| WEBP_KEPT.contains(&chunk.id()));
    // Setting it also brings the extended header's EXIF flag in line.
    webp.set_exif(None);
    Ok(webp.encoder().bytes().to_vec())
}

/// The EXIF orientation (1–8), if the block has one.
fn orientation(exif: &[u8]) -> Option<u16> {
    let exif = exif::Reader::new().read_raw(exif.to_vec()).ok()?;
    match exif.get_field(Tag::Orientation, In::PRIMARY)?.value {
        Value::Short(ref v) => v.first().copied().filter(|o| (1..=8).contains(o)),
        _ => None,
    }
}

/// An EXIF block holding the orientation and nothing else.
fn orientation_exif(orientation: u16) -> Option<Vec<u8>> {
    let field = Field {
        tag: Tag::Orientation,
        ifd_num: In::PRIMARY,
        value: Value::Short(vec![orientation]),
    };
    let mut writer = Writer::new();
    writer.push_field(&field);
    let mut out = std::io::Cursor::new(Vec::new());
    writer.write(&mut out, false).ok()?;
    Some(out.into_inner())
}

#[cfg(test)]
mod tests {
    use testkit::images;

    use super::*;

    #[test]
    fn jpeg_loses_its_location_and_keeps_its_orientation() {
        let original = images::jpeg_with_gps(64, 48);
        assert!(images::has_gps(&original), "the fixture must carry GPS");
        let photo = clean(original).unwrap();
        assert_eq!(photo.content_type, "image/jpeg");
        assert!(!images::has_gps(&photo.bytes));
        assert_eq!(images::orientation(&photo.bytes), Some(6));
        // Nothing else of the EXIF block survives (the camera make, say).
        assert_eq!(images::exif_fields(&photo.bytes).len(), 1);
        image::load_from_memory(&photo.bytes).unwrap();
    }

    #[test]
    fn a_second_picture_and_trailing_bytes_are_dropped_with_their_location() {
        // The layout of a phone's multi-picture file: the photo, then a
        // second JPEG with its own EXIF (here with GPS), then anything.
        let first = images::jpeg_with_gps(64, 48);
        let mut file = first.clone();
        file.extend_from_slice(&images::jpeg_with_gps(32, 24));
        file.extend_from_slice(b"trailing bytes");
        let photo = clean(file).unwrap();
        let gps = images::gps_exif();
        let found = |needle: &[u8]| photo.bytes.windows(needle.len()).any(|w| w == needle);
        assert!(!found(&gps), "an EXIF block with GPS survived");
        assert!(!found(b"TestPhone"), "the camera make survived");
        assert!(!found(b"trailing bytes"));
        // One image: a single start and a single end marker.
        assert_eq!(
            photo
                .bytes
                .windows(2)
                .filter(|w| *w == [0xFF, 0xD8])
                .count(),
            1
        );
        assert!(photo.bytes.ends_with(&[0xFF, 0xD9]));
        assert_eq!(images::orientation(&photo.bytes), Some(6));
        assert_eq!(image::load_from_memory(&photo.bytes).unwrap().width(), 64);
    }

    #[test]
    fn png_loses_its_exif_chunk() {
        let original = images::png_with_gps(16, 16);
        assert!(images::has_gps(&original));
        let photo = clean(original).unwrap();
        assert_eq!(photo.extension, "png");
        assert!(images::exif_fields(&photo.bytes).is_empty());
        image::load_from_memory(&photo.bytes).unwrap();
    }

    #[test]
    fn png_keeps_no_text_and_a_bad_checksum_is_refused_as_damaged() {
        // A tEXt chunk after IHDR (8 bytes of signature, 25 of IHDR).
        let png = images::png(16, 16);
        let text = b"tEXtComment\0at 12 Elm Street";
        let mut chunk = u32::try_from(text.len() - 4)
            .unwrap()
            .to_be_bytes()
            .to_vec();
        chunk.extend_from_slice(text);
        chunk.extend_from_slice(&crc32fast::hash(text).to_be_bytes());
        let file = [&png[..33], &chunk, &png[33..]].concat();
        let photo = clean(file.clone()).unwrap();
        assert_eq!(photo.content_type, "image/png");
        assert_eq!(photo.bytes, png);

        let mut bad = file;
        let crc = 33 + chunk.len() - 1;
        bad[crc] ^= 1;
        assert_eq!(clean(bad).unwrap_err(), PhotoError::Damaged);
    }

    #[test]
    fn webp_loses_its_exif_xmp_and_unknown_chunks() {
        use img_parts::riff::{RiffChunk, RiffContent};
        let mut webp = WebP::from_bytes(Bytes::from(images::webp(16, 16))).unwrap();
        for (id, data) in [
            (*b"XMP ", &b"<x:xmpmeta>12 Elm Street</x:xmpmeta>"[..]),
            (*b"ZZZZ", b"a phone's own notes"),
        ] {
            let chunk = RiffChunk::new(id, RiffContent::Data(Bytes::from(data.to_vec())));
            webp.chunks_mut().push(chunk);
        }
        webp.set_exif(Some(Bytes::from(images::gps_exif())));
        let original = webp.encoder().bytes().to_vec();
        assert!(images::has_gps(&original), "the fixture must carry GPS");

        let photo = clean(original).unwrap();
        let kept = WebP::from_bytes(Bytes::from(photo.bytes.clone())).unwrap();
        let ids: Vec<[u8; 4]> = kept.chunks().iter().map(RiffChunk::id).collect();
        assert!(ids.iter().all(|id| WEBP_KEPT.contains(id)), "{ids:?}");
        assert!(!images::has_gps(&photo.bytes));
        let found = |needle: &[u8]| photo.bytes.windows(needle.len()).any(|w| w == needle);
        assert!(!found(b"Elm Street") && !found(b"own notes"));
        image::load_from_memory(&photo.bytes).unwrap();
    }

    #[test]
    fn webp_is_accepted() {
        let photo = clean(images::webp(16, 16)).unwrap();
        assert_eq!(photo.content_type, "image/webp");
        image::load_from_memory(&photo.bytes).unwrap();
    }

    #[test]
    fn a_program_named_like_a_photo_is_refused() {
        let mut exe = b"MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff".to_vec();
        exe.extend_from_slice(&[0; 256]);
        assert_eq!(clean(exe).unwrap_err(), PhotoError::NotAnImage);
        assert_eq!(clean(Vec::new()).unwrap_err(), PhotoError::NotAnImage);
    }

    #[test]
    fn other_image_types_are_refused() {
        let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;".to_vec();
        assert_eq!(clean(gif).unwrap_err(), PhotoError::NotAnImage);
    }

    #[test]
    fn truncated_images_are_refused() {
        for full in [
            images::jpeg(64, 64),
            images::png(64, 64),
            images::webp(64, 64),
        ] {
            let cut = full[..full.len() * 2 / 3].to_vec();
            assert_eq!(clean(cut).unwrap_err(), PhotoError::Damaged);
        }
    }

    #[test]
    fn photos_of_more_than_64_megapixels_are_refused_before_decoding() {
        // 72 MP of one grey, a small file: its pixels would take 72 MB or more.
        let mut bomb = Vec::new();
        image::GrayImage::new(9000, 8000)
            .write_to(&mut std::io::Cursor::new(&mut bomb), ImageFormat::Png)
            .unwrap();
        assert!(bomb.len() < MAX_BYTES);
        assert_eq!(clean(bomb).unwrap_err(), PhotoError::TooManyPixels);
        // Just under the limit passes.
        let mut fine = Vec::new();
        image::GrayImage::new(8000, 8000)
            .write_to(&mut std::io::Cursor::new(&mut fine), ImageFormat::Png)
            .unwrap();
        assert!(clean(fine).is_ok());
    }

    #[test]
    fn a_jpeg_claiming_more_than_64_megapixels_is_refused() {
        // A small JPEG whose frame header says 9000 × 8000.
        let mut jpeg = images::jpeg(8, 8);
        let sof = jpeg.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
        jpeg[sof + 5..sof + 9].copy_from_slice(&[0x1F, 0x40, 0x23, 0x28]);
        assert_eq!(clean(jpeg).unwrap_err(), PhotoError::TooManyPixels);
    }

    #[test]
    fn photos_over_the_limit_are_refused_before_decoding() {
        let mut big = images::jpeg(8, 8);
        big.resize(MAX_BYTES + 1, 0);
        assert_eq!(clean(big).unwrap_err(), PhotoError::TooLarge);
    }

    #[test]
    fn each_refusal_has_its_code_and_words() {
        for (err, code, message) in [
            (
                PhotoError::TooLarge,
                "PHOTO_TOO_LARGE",
                "Photo must be 10 MB or smaller",
            ),
            (
                PhotoError::NotAnImage,
                "PHOTO_NOT_AN_IMAGE",
                "Photo must be a JPEG, PNG or WebP image",
            ),
            (
                PhotoError::Damaged,
                "PHOTO_DAMAGED",
                "The photo could not be read; it may be damaged or incomplete",
            ),
            (
                PhotoError::TooManyPixels,
                "PHOTO_TOO_MANY_PIXELS",
                "Photo must be 64 megapixels or smaller",
            ),
        ] {
            assert_eq!(err.refusal().code(), code);
            assert_eq!(err.to_string(), message);
        }
    }
}
