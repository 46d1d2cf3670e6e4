//! A phone-sized photo for the submission scenario: a gradient with fine
//! noise, grown until its JPEG is as large as a phone's (a 3 MB photo from a
//! phone is about 12 megapixels).

use std::io::Cursor;

use image::{ImageFormat, RgbImage};

/// A JPEG of at least `bytes` bytes.
pub fn jpeg_of_at_least(bytes: usize) -> Vec<u8> {
    let mut width = 2000u32;
    loop {
        let jpeg = noise_jpeg(width, width * 3 / 4);
        if jpeg.len() >= bytes {
            return jpeg;
        }
        width += 400;
    }
}

fn noise_jpeg(width: u32, height: u32) -> Vec<u8> {
    // A fixed xorshift sequence: the same photo on every run.
    let mut state: u32 = 0x9e37_79b9;
    let image = RgbImage::from_fn(width, height, |x, y| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let [r, g, b, _] = state.to_le_bytes();
        let shade = |base: u32, noise: u8| (base % 200) as u8 + (noise & 0x1f);
        image::Rgb([shade(x / 16, r), shade(y / 12, g), shade((x + y) / 24, b)])
    });
    encode(&image)
}

/// A small photo (a few kilobytes), for load that tests the store being
/// there, not upload speed.
pub fn small_jpeg() -> Vec<u8> {
    encode(&RgbImage::from_fn(160, 120, |x, y| {
        image::Rgb([(x * 255 / 160) as u8, (y * 255 / 120) as u8, 128])
    }))
}

fn encode(image: &RgbImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, ImageFormat::Jpeg)
        .expect("encoding a JPEG in memory cannot fail");
    out.into_inner()
}
