//! A JPEG's first image, rebuilt from its parts.
//!
//! Phones write several pictures into one file (a depth map, a preview, a
//! second exposure: the Multi-Picture layout), each a whole JPEG with its own
//! EXIF block, one after the other. A decoder shows the first and ignores
//! the rest, so whatever follows the first image's end (another picture's
//! GPS position, or anything at all) is dropped here, along with every
//! metadata segment of the first image but its colour profile. The segments
//! are walked by their lengths and the compressed data to its end marker, so
//! a file cut short never reaches that marker and is refused.

use super::PhotoError;

const MARKER: u8 = 0xFF;
const SOI: u8 = 0xD8;
const EOI: u8 = 0xD9;
const SOS: u8 = 0xDA;
const APP0: u8 = 0xE0;
const APP1: u8 = 0xE1;
const APP2: u8 = 0xE2;
const APP14: u8 = 0xEE;
const APP15: u8 = 0xEF;
const COM: u8 = 0xFE;
/// A zero after 0xFF in compressed data is a 0xFF byte of the data.
const STUFFED: u8 = 0x00;
/// Temporary marker, used by arithmetic coding; has no length.
const TEM: u8 = 0x01;

const EXIF_PREFIX: &[u8] = b"Exif\0\0";
const ICC_PREFIX: &[u8] = b"ICC_PROFILE\0";

/// The first image of a JPEG file, with only what draws it.
#[derive(Debug)]
pub struct FirstImage {
    /// SOI, the kept segments, the compressed data and EOI.
    pub bytes: Vec<u8>,
    /// The first image's EXIF block (its TIFF data), which the caller reads
    /// the orientation from; it is not part of `bytes`.
    pub exif: Option<Vec<u8>>,
}

/// Restart markers separate intervals of compressed data, with no length.
fn is_restart(marker: u8) -> bool {
    (0xD0..=0xD7).contains(&marker)
}

/// Whether a segment stays: everything a decoder needs (tables, frame and
/// scan headers, restart intervals), the JFIF header, the ICC colour profile
/// and Adobe's colour transform (without which CMYK photos change colour).
/// Every other application segment and comment is metadata: EXIF and XMP
/// (APP1), the multi-picture index and FlashPix (APP2), IPTC (APP13), maker
/// data.
fn keeps(marker: u8, contents: &[u8]) -> bool {
    match marker {
        APP0 | APP14 => true,
        APP2 => contents.starts_with(ICC_PREFIX),
        APP1..=APP15 | COM => false,
        _ => true,
    }
}

/// Walks `bytes` from its start marker to its first end marker.
pub fn first_image(bytes: &[u8]) -> Result<FirstImage, PhotoError> {
    if !bytes.starts_with(&[MARKER, SOI]) {
        return Err(PhotoError::NotAnImage);
    }
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&[MARKER, SOI]);
    let mut exif = None;
    let mut pos = 2;
    loop {
        // At a marker: fill bytes (0xFF) may come before it.
        if bytes.get(pos) != Some(&MARKER) {
            return Err(PhotoError::Damaged);
        }
        while bytes.get(pos) == Some(&MARKER) {
            pos += 1;
        }
        let marker = *bytes.get(pos).ok_or(PhotoError::Damaged)?;
        pos += 1;
        match marker {
            EOI => {
                out.extend_from_slice(&[MARKER, EOI]);
                return Ok(FirstImage { bytes: out, exif });
            }
            // A second start before the first image ended is no JPEG.
            SOI | STUFFED => return Err(PhotoError::Damaged),
            m if m == TEM || is_restart(m) => out.extend_from_slice(&[MARKER, m]),
            _ => {
                let length = bytes
                    .get(pos..pos + 2)
                    .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
                    .filter(|&length| length >= 2)
                    .ok_or(PhotoError::Damaged)?;
                let segment = bytes.get(pos..pos + length).ok_or(PhotoError::Damaged)?;
                let contents = &segment[2..];
                if marker == APP1 && exif.is_none() && contents.starts_with(EXIF_PREFIX) {
                    exif = Some(contents[EXIF_PREFIX.len()..].to_vec());
                }
                if keeps(marker, contents) {
                    out.extend_from_slice(&[MARKER, marker]);
                    out.extend_from_slice(segment);
                }
                pos += length;
                if marker == SOS {
                    let data = scan_data(&bytes[pos..])?;
                    out.extend_from_slice(data);
                    pos += data.len();
                }
            }
        }
    }
}

/// The compressed data of a scan: up to the first marker that is neither a
/// stuffed byte nor a restart. A file that ends inside it was cut short.
fn scan_data(bytes: &[u8]) -> Result<&[u8], PhotoError> {
    let mut from = 0;
    loop {
        let at = from + memchr::memchr(MARKER, &bytes[from..]).ok_or(PhotoError::Damaged)?;
        match bytes.get(at + 1) {
            None => return Err(PhotoError::Damaged),
            Some(&next) if next == STUFFED || is_restart(next) => from = at + 2,
            Some(_) => return Ok(&bytes[..at]),
        }
    }
}

#[cfg(test)]
mod tests {
    use testkit::images;

    use super::*;

    /// A segment as it is written: marker, length, contents.
    fn segment(marker: u8, contents: &[u8]) -> Vec<u8> {
        let length = u16::try_from(contents.len() + 2).unwrap();
        let mut out = vec![MARKER, marker];
        out.extend_from_slice(&length.to_be_bytes());
        out.extend_from_slice(contents);
        out
    }

    /// `jpeg` with `segments` inserted right after its start marker.
    fn with_segments(jpeg: &[u8], segments: &[Vec<u8>]) -> Vec<u8> {
        let mut out = jpeg[..2].to_vec();
        for s in segments {
            out.extend_from_slice(s);
        }
        out.extend_from_slice(&jpeg[2..]);
        out
    }

    fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    #[test]
    fn a_plain_jpeg_comes_back_as_it_was() {
        let jpeg = images::jpeg(64, 48);
        let first = first_image(&jpeg).unwrap();
        assert_eq!(first.bytes, jpeg);
        assert!(first.exif.is_none());
    }

    #[test]
    fn everything_after_the_first_image_is_dropped() {
        let first = images::jpeg(64, 48);
        let mut file = first.clone();
        file.extend_from_slice(&images::jpeg_with_gps(32, 32));
        file.extend_from_slice(b"<html>trailing bytes</html>");
        let image = first_image(&file).unwrap();
        assert_eq!(image.bytes, first);
        assert!(!contains(&image.bytes, b"<html>"));
    }

    #[test]
    fn metadata_segments_go_and_the_colour_profile_stays() {
        let jpeg = images::jpeg(16, 16);
        let icc = segment(APP2, b"ICC_PROFILE\0\x01\x01profile bytes");
        let kept_adobe = segment(APP14, b"Adobe\0\x64\0\0\0\0\x01");
        let file = with_segments(
            &jpeg,
            &[
                segment(APP1, &[EXIF_PREFIX, b"tiff data"].concat()),
                segment(APP1, b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>"),
                segment(APP2, b"MPF\0multi-picture index"),
                icc.clone(),
                segment(0xED, b"Photoshop 3.0\0IPTC"),
                segment(COM, b"a comment"),
                kept_adobe.clone(),
            ],
        );
        let image = first_image(&file).unwrap();
        assert_eq!(image.exif.as_deref(), Some(&b"tiff data"[..]));
        for gone in [
            &b"xmpmeta"[..],
            b"MPF\0",
            b"IPTC",
            b"a comment",
            b"tiff data",
        ] {
            assert!(!contains(&image.bytes, gone), "{gone:?} survived");
        }
        assert!(contains(&image.bytes, &icc));
        assert!(contains(&image.bytes, &kept_adobe));
        image::load_from_memory(&image.bytes).unwrap();
    }

    #[test]
    fn files_cut_short_anywhere_are_refused() {
        let jpeg = images::jpeg(64, 64);
        // In the headers, in a segment's length, in the compressed data, and
        // just before the end marker.
        for end in [3, 5, 30, jpeg.len() / 2, jpeg.len() - 1] {
            assert_eq!(
                first_image(&jpeg[..end]).unwrap_err(),
                PhotoError::Damaged,
                "cut at {end}"
            );
        }
    }

    #[test]
    fn restart_markers_and_stuffed_bytes_are_data() {
        let jpeg = images::jpeg(8, 8);
        // Frame and tables as written, then a scan of hand-made data.
        let sos = jpeg.windows(2).position(|w| w == [MARKER, SOS]).unwrap();
        let length = usize::from(u16::from_be_bytes([jpeg[sos + 2], jpeg[sos + 3]]));
        let mut file = jpeg[..sos + 2 + length].to_vec();
        let data = [
            0x12, MARKER, STUFFED, 0x34, MARKER, 0xD0, 0x56, MARKER, 0xD7, 0x78,
        ];
        file.extend_from_slice(&data);
        file.extend_from_slice(&[MARKER, MARKER, EOI]);
        let image = first_image(&file).unwrap();
        assert!(image.bytes.ends_with(&[&data[..], &[MARKER, EOI]].concat()));
    }

    #[test]
    fn a_second_start_marker_is_refused() {
        let jpeg = images::jpeg(8, 8);
        let file = with_segments(&jpeg, &[vec![MARKER, SOI]]);
        assert_eq!(first_image(&file).unwrap_err(), PhotoError::Damaged);
        assert_eq!(first_image(b"GIF89a").unwrap_err(), PhotoError::NotAnImage);
    }
}
