//! Photos for tests: real encoded images, some carrying a GPS position in
//! their EXIF block as a phone would write it.

use std::io::Cursor;

use exif::{Field, In, Rational, Tag, Value, experimental::Writer};
use image::{ImageFormat, RgbImage};
use img_parts::{Bytes, ImageEXIF, jpeg::Jpeg, png::Png};

fn picture(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let shade = |v: u32, max: u32| u8::try_from(v * 255 / max.max(1)).unwrap_or(255);
        image::Rgb([shade(x, width), shade(y, height), 128])
    })
}

fn encode(width: u32, height: u32, format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    picture(width, height)
        .write_to(&mut out, format)
        .expect("encode test image");
    out.into_inner()
}

pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    encode(width, height, ImageFormat::Jpeg)
}

pub fn png(width: u32, height: u32) -> Vec<u8> {
    encode(width, height, ImageFormat::Png)
}

pub fn webp(width: u32, height: u32) -> Vec<u8> {
    encode(width, height, ImageFormat::WebP)
}

/// The Eiffel Tower, as a phone's EXIF says it, plus a camera make and an
/// orientation (rotate 90°).
pub fn gps_exif() -> Vec<u8> {
    let r = |num, denom| Rational { num, denom };
    let fields = [
        Field {
            tag: Tag::Make,
            ifd_num: In::PRIMARY,
            value: Value::Ascii(vec![b"TestPhone".to_vec()]),
        },
        Field {
            tag: Tag::Orientation,
            ifd_num: In::PRIMARY,
            value: Value::Short(vec![6]),
        },
        Field {
            tag: Tag::GPSLatitudeRef,
            ifd_num: In::PRIMARY,
            value: Value::Ascii(vec![b"N".to_vec()]),
        },
        Field {
            tag: Tag::GPSLatitude,
            ifd_num: In::PRIMARY,
            value: Value::Rational(vec![r(48, 1), r(51, 1), r(2980, 100)]),
        },
        Field {
            tag: Tag::GPSLongitudeRef,
            ifd_num: In::PRIMARY,
            value: Value::Ascii(vec![b"E".to_vec()]),
        },
        Field {
            tag: Tag::GPSLongitude,
            ifd_num: In::PRIMARY,
            value: Value::Rational(vec![r(2, 1), r(17, 1), r(4010, 100)]),
        },
    ];
    let mut writer = Writer::new();
    for field in &fields {
        writer.push_field(field);
    }
    let mut out = Cursor::new(Vec::new());
    writer.write(&mut out, false).expect("write EXIF");
    out.into_inner()
}

/// A JPEG whose EXIF holds a GPS position.
pub fn jpeg_with_gps(width: u32, height: u32) -> Vec<u8> {
    let mut jpeg = Jpeg::from_bytes(Bytes::from(jpeg(width, height))).expect("parse JPEG");
    jpeg.set_exif(Some(Bytes::from(gps_exif())));
    jpeg.encoder().bytes().to_vec()
}

/// A PNG whose eXIf chunk holds a GPS position.
pub fn png_with_gps(width: u32, height: u32) -> Vec<u8> {
    let mut png = Png::from_bytes(Bytes::from(png(width, height))).expect("parse PNG");
    png.set_exif(Some(Bytes::from(gps_exif())));
    png.encoder().bytes().to_vec()
}

/// The EXIF fields of an image file, empty when it has none.
pub fn exif_fields(bytes: &[u8]) -> Vec<Field> {
    exif::Reader::new()
        .read_from_container(&mut Cursor::new(bytes))
        .map(|exif| exif.fields().cloned().collect())
        .unwrap_or_default()
}

/// Whether an image file says where it was taken.
pub fn has_gps(bytes: &[u8]) -> bool {
    exif_fields(bytes)
        .iter()
        .any(|f| matches!(f.tag, Tag::GPSLatitude | Tag::GPSLongitude))
}

/// The EXIF orientation of an image file, if any.
pub fn orientation(bytes: &[u8]) -> Option<u32> {
    exif_fields(bytes)
        .iter()
        .find(|f| f.tag == Tag::Orientation)
        .and_then(|f| f.value.get_uint(0))
}
