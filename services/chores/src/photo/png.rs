//! A PNG rebuilt from its chunks, keeping only what draws it.
//!
//! Besides pixels, a PNG can carry any number of ancillary chunks: text
//! (`tEXt`, `zTXt`, `iTXt`, where XMP and free-form notes live), EXIF
//! (`eXIf`, with its GPS block), the time it was made (`tIME`) and chunks
//! of any program's own, none of which a browser needs to show the photo.
//! Kept are the critical chunks and the few ancillary ones that change how
//! it looks (transparency, colour space, gamma, bit depth, pixel size);
//! every other chunk goes, whatever its name, so a chunk defined tomorrow
//! cannot carry anything through. Each chunk is read by its length and
//! checked against its CRC, so a file cut short or altered is refused, and
//! whatever follows `IEND` is dropped.

use super::PhotoError;

const SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// The longest chunk the format allows (2³¹ − 1 bytes).
const MAX_LENGTH: u32 = 0x7FFF_FFFF;

const IHDR: [u8; 4] = *b"IHDR";
const IDAT: [u8; 4] = *b"IDAT";
const IEND: [u8; 4] = *b"IEND";

/// Chunks that stay: the critical four, then what changes how the pixels
/// are shown; none holds free text or a place (an `iCCP` profile describes
/// colours; its name is a short label).
const KEPT: [[u8; 4]; 12] = [
    IHDR, *b"PLTE", IDAT, IEND, *b"tRNS", *b"gAMA", *b"cHRM", *b"sRGB", *b"iCCP", *b"sBIT",
    *b"pHYs",
    // Coding-independent code points: how an HDR photo's colours are meant.
    *b"cICP",
];

/// Length, type and CRC around each chunk's data.
const FRAME: usize = 12;

/// `bytes` with only the [`KEPT`] chunks, up to and including `IEND`.
pub fn strip(bytes: &[u8]) -> Result<Vec<u8>, PhotoError> {
    let Some(mut rest) = bytes.strip_prefix(SIGNATURE) else {
        return Err(PhotoError::NotAnImage);
    };
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(SIGNATURE);
    let mut first = true;
    let mut has_data = false;
    loop {
        let (kind, chunk) = next_chunk(rest)?;
        rest = &rest[chunk.len()..];
        // IHDR comes first and once; an image without IDAT has no pixels.
        if (kind == IHDR) != first || (kind == IEND && !has_data) {
            return Err(PhotoError::Damaged);
        }
        first = false;
        has_data |= kind == IDAT;
        if KEPT.contains(&kind) {
            out.extend_from_slice(chunk);
        } else if is_critical(kind) {
            // A chunk a decoder must understand to draw the image, and none does.
            return Err(PhotoError::Damaged);
        }
        if kind == IEND {
            return Ok(out);
        }
    }
}

/// The type of the chunk at the start of `bytes` and the whole chunk
/// (length, type, data and CRC), once its CRC is checked.
fn next_chunk(bytes: &[u8]) -> Result<([u8; 4], &[u8]), PhotoError> {
    let header = bytes.get(..8).ok_or(PhotoError::Damaged)?;
    let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]);
    if length > MAX_LENGTH {
        return Err(PhotoError::Damaged);
    }
    let kind = [header[4], header[5], header[6], header[7]];
    if !kind.iter().all(u8::is_ascii_alphabetic) {
        return Err(PhotoError::Damaged);
    }
    let total = usize::try_from(length)
        .ok()
        .and_then(|length| length.checked_add(FRAME))
        .ok_or(PhotoError::Damaged)?;
    let chunk = bytes.get(..total).ok_or(PhotoError::Damaged)?;
    // The CRC covers the type and the data.
    let (covered, crc) = chunk[4..].split_at(total - 8);
    if crc32fast::hash(covered).to_be_bytes() != crc {
        return Err(PhotoError::Damaged);
    }
    Ok((kind, chunk))
}

/// Whether a decoder must understand the chunk (its type's first letter is
/// upper case).
fn is_critical(kind: [u8; 4]) -> bool {
    kind[0].is_ascii_uppercase()
}

#[cfg(test)]
mod tests {
    use testkit::images;

    use super::*;

    /// A chunk as it is written: length, type, data, CRC.
    fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
        let mut out = u32::try_from(data.len()).unwrap().to_be_bytes().to_vec();
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        let crc = crc32fast::hash(&out[4..]);
        out.extend_from_slice(&crc.to_be_bytes());
        out
    }

    /// The signature and IHDR of `png`.
    const HEAD: usize = 8 + FRAME + 13;

    /// `png` with `chunks` inserted right after its IHDR, and `trailing` after its end.
    fn with_chunks(png: &[u8], chunks: &[Vec<u8>], trailing: &[u8]) -> Vec<u8> {
        let mut out = png[..HEAD].to_vec();
        for c in chunks {
            out.extend_from_slice(c);
        }
        out.extend_from_slice(&png[HEAD..]);
        out.extend_from_slice(trailing);
        out
    }

    /// The chunks of a PNG, each checked against its CRC here, apart from
    /// the code under test.
    fn chunk_types(png: &[u8]) -> Vec<String> {
        assert!(png.starts_with(SIGNATURE));
        let mut at = SIGNATURE.len();
        let mut types = Vec::new();
        while at < png.len() {
            let length =
                usize::try_from(u32::from_be_bytes(png[at..at + 4].try_into().unwrap())).unwrap();
            let covered = &png[at + 4..at + 8 + length];
            let crc = &png[at + 8 + length..at + 12 + length];
            assert_eq!(crc32fast::hash(covered).to_be_bytes(), crc);
            types.push(String::from_utf8(png[at + 4..at + 8].to_vec()).unwrap());
            at += 12 + length;
        }
        assert_eq!(at, png.len(), "a chunk runs past the end");
        types
    }

    fn contains(haystack: &[u8], needle: &[u8]) -> bool {
        haystack.windows(needle.len()).any(|w| w == needle)
    }

    #[test]
    fn text_exif_time_and_private_chunks_go_and_what_draws_it_stays() {
        let png = images::png(16, 16);
        let gamma = chunk(b"gAMA", &45_455u32.to_be_bytes());
        let density = chunk(b"pHYs", &[0, 0, 11, 19, 0, 0, 11, 19, 1]);
        let file = with_chunks(
            &png,
            &[
                chunk(b"tEXt", b"Comment\0taken at 12 Elm Street"),
                chunk(b"zTXt", b"XML:com.adobe.xmp\0\0compressed xmp"),
                chunk(b"iTXt", b"XML:com.adobe.xmp\0\0\0\0\0<x:xmpmeta/>"),
                chunk(b"eXIf", &images::gps_exif()),
                chunk(b"tIME", &[7, 234, 1, 7, 12, 0, 0]),
                // Private (second letter lower case), and an unknown public one.
                chunk(b"prVt", b"a phone's own notes"),
                chunk(b"caNv", b"an editor's canvas"),
                gamma.clone(),
                density.clone(),
            ],
            b"trailing bytes",
        );
        let stripped = strip(&file).unwrap();
        let types = chunk_types(&stripped);
        assert_eq!(types.first().map(String::as_str), Some("IHDR"));
        assert_eq!(types.last().map(String::as_str), Some("IEND"));
        for gone in ["tEXt", "zTXt", "iTXt", "eXIf", "tIME", "prVt", "caNv"] {
            assert!(!types.iter().any(|t| t == gone), "{gone} in {types:?}");
        }
        assert!(contains(&stripped, &gamma) && contains(&stripped, &density));
        for gone in [&b"Elm Street"[..], b"xmpmeta", b"trailing bytes"] {
            assert!(!contains(&stripped, gone), "{gone:?} survived");
        }
        // It still decodes, to the same pixels.
        let before = image::load_from_memory(&png).unwrap().to_rgba8();
        let after = image::load_from_memory(&stripped).unwrap().to_rgba8();
        assert_eq!(before, after);
    }

    #[test]
    fn a_plain_png_comes_back_as_it_was() {
        let png = images::png(8, 8);
        assert_eq!(strip(&png).unwrap(), png);
    }

    #[test]
    fn malformed_files_are_refused_as_damaged() {
        let png = images::png(16, 16);
        let mut bad_crc = png.clone();
        let last = HEAD - 1;
        bad_crc[last] ^= 1;
        let mut bad_type = png.clone();
        bad_type[HEAD + 4] = b'1';
        let mut too_long = png.clone();
        too_long[HEAD..HEAD + 4].copy_from_slice(&0xFFFF_FFF0u32.to_be_bytes());
        let text_first = [&png[..8], &chunk(b"tEXt", b"Comment\0first"), &png[8..]].concat();
        let no_pixels = [&png[..HEAD], &chunk(b"IEND", b"")].concat();
        let unknown_critical = with_chunks(&png, &[chunk(b"CRIT", b"")], b"");
        let second_header = with_chunks(&png, &[png[8..HEAD].to_vec()], b"");
        let cases = [
            ("cut short", png[..png.len() - 5].to_vec()),
            ("without IEND", png[..png.len() - FRAME].to_vec()),
            ("a wrong CRC", bad_crc),
            ("a chunk type that is no name", bad_type),
            ("a length past 2^31", too_long),
            ("a chunk before IHDR", text_first),
            ("no IDAT", no_pixels),
            ("an unknown critical chunk", unknown_critical),
            ("a second IHDR", second_header),
        ];
        for (what, file) in cases {
            assert_eq!(strip(&file).unwrap_err(), PhotoError::Damaged, "{what}");
        }
        assert_eq!(strip(b"GIF89a").unwrap_err(), PhotoError::NotAnImage);
    }
}
