//! What a delivery keeps of a failing answer's body: a short excerpt, to
//! show the parent why it failed. The body is the endpoint's to choose, so
//! the excerpt is made safe to store and to show: valid UTF-8, no control
//! characters (NUL cannot even be stored in a PostgreSQL text column, and
//! escapes or bidirectional overrides would garble the screens and logs
//! that show it), white space run together, and at most [`CHARS`] long.

/// The longest excerpt kept, in characters.
pub const CHARS: usize = 200;

/// How much of the body is read for it: [`CHARS`] characters of UTF-8
/// take at most this many bytes.
pub const READ: usize = 4 * CHARS;

/// Marks an excerpt cut short.
const CUT: char = '…';

/// The excerpt of a body whose first bytes are `body` (those past
/// [`READ`] are not looked at).
pub fn of(body: &[u8]) -> String {
    let text = decode(&body[..body.len().min(READ)]);
    let shown: String = text
        .chars()
        .filter(|c| c.is_whitespace() || !(c.is_control() || is_bidi_control(*c)))
        .collect();
    // Line breaks and tabs (controls too) become single spaces.
    let tidy = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    if tidy.chars().count() <= CHARS {
        return tidy;
    }
    let mut cut: String = tidy.chars().take(CHARS - 1).collect();
    cut.push(CUT);
    cut
}

/// The bytes as text: each invalid sequence one replacement character,
/// but none for a character cut through at the end (where the read
/// stopped, not where the body was wrong).
fn decode(bytes: &[u8]) -> String {
    let mut text = String::with_capacity(bytes.len());
    let mut chunks = bytes.utf8_chunks().peekable();
    while let Some(chunk) = chunks.next() {
        text.push_str(chunk.valid());
        let last = chunks.peek().is_none();
        if !chunk.invalid().is_empty() && !last {
            text.push(char::REPLACEMENT_CHARACTER);
        }
    }
    text
}

/// The characters that reorder the text around them when shown.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{061c}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_body_is_kept_with_its_white_space_tidied() {
        assert_eq!(
            of(b"  Bad signature\r\n\tcheck the secret \n"),
            "Bad signature check the secret"
        );
        assert_eq!(of(b""), "");
    }

    #[test]
    fn control_characters_and_invalid_bytes_are_not_kept() {
        assert_eq!(
            of(b"\x1b[31mError\x00: no\x07 \x7f\xc2\x85such \xff\xfehook"),
            "[31mError: no such \u{fffd}\u{fffd}hook"
        );
        assert_eq!(of("abc\u{202e}fed\u{2066}".as_bytes()), "abcfed");
    }

    #[test]
    fn a_long_body_is_cut_to_two_hundred_characters() {
        let long = "é".repeat(5000);
        let excerpt = of(long.as_bytes());
        assert_eq!(excerpt.chars().count(), CHARS);
        assert_eq!(excerpt, format!("{}…", "é".repeat(CHARS - 1)));

        let exact = "x".repeat(CHARS);
        assert_eq!(of(exact.as_bytes()), exact);
    }

    #[test]
    fn a_character_cut_by_the_read_leaves_no_trace() {
        // 799 bytes of ASCII and the first byte of a two-byte character.
        let mut body = vec![b' '; READ - 1];
        body.extend_from_slice("éa".as_bytes());
        assert_eq!(of(&body), "");
        // One cut through in the middle is wrong, and shown as such.
        assert_eq!(of(b"a\xc3 b"), "a\u{fffd} b");
    }
}
