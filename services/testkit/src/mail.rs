//! Reading the mail the local SMTP server received: one file per message in
//! its maildir's `new/` (see `ensure_smtp` in scripts/lib.sh). Tests find
//! their mail by its recipient, an address unique to the test.

use std::{path::Path, time::Duration};

use base64::Engine;

/// One received mail, its parts decoded.
#[derive(Debug, Clone)]
pub struct Mail {
    pub subject: String,
    /// The raw headers of the message.
    pub headers: String,
    /// The plain-text part.
    pub text: String,
    /// The HTML part.
    pub html: String,
    /// When the server wrote it (its file's modification time).
    pub received: std::time::SystemTime,
}

impl Mail {
    /// The first link in the plain text that contains `path`
    /// (e.g. `/reset-password/`).
    pub fn link(&self, path: &str) -> Option<String> {
        self.text
            .split_whitespace()
            .find(|word| word.starts_with("http") && word.contains(path))
            .map(str::to_owned)
    }

    /// The token at the end of that link.
    pub fn token(&self, path: &str) -> Option<String> {
        self.link(path)
            .and_then(|l| l.rsplit('/').next().map(str::to_owned))
    }
}

/// Every mail in `maildir` for `recipient`, oldest first.
pub fn mails_to(maildir: &Path, recipient: &str) -> Vec<Mail> {
    let Ok(entries) = std::fs::read_dir(maildir.join("new")) else {
        return Vec::new();
    };
    let needle = format!("X-RcptTo: {}", recipient.to_ascii_lowercase());
    let mut mails: Vec<Mail> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let raw = std::fs::read_to_string(entry.path()).ok()?;
            let (headers, _) = split_head(&raw);
            let matches = headers.lines().any(|l| {
                l.to_ascii_lowercase()
                    .starts_with(&needle.to_ascii_lowercase())
            });
            if !matches {
                return None;
            }
            let received = entry.metadata().ok()?.modified().ok()?;
            Some(parse(&raw, received))
        })
        .collect();
    mails.sort_by_key(|m| m.received);
    mails
}

/// Waits (up to 15 s) until `recipient` has at least `count` mails; returns them all.
pub async fn wait_for_mails(maildir: &Path, recipient: &str, count: usize) -> Vec<Mail> {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let mails = mails_to(maildir, recipient);
        if mails.len() >= count {
            return mails;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{count} mail(s) to {recipient} did not arrive in {} (got {})",
            maildir.display(),
            mails.len()
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

fn split_head(raw: &str) -> (&str, &str) {
    raw.split_once("\r\n\r\n")
        .or_else(|| raw.split_once("\n\n"))
        .unwrap_or((raw, ""))
}

/// A header's value, continuation lines joined.
fn header(headers: &str, name: &str) -> Option<String> {
    let prefix = format!("{}:", name.to_ascii_lowercase());
    let mut lines = headers.lines().peekable();
    while let Some(line) = lines.next() {
        if line.to_ascii_lowercase().starts_with(&prefix) {
            let mut value = line[prefix.len()..].trim().to_owned();
            while let Some(next) = lines.peek() {
                if next.starts_with(' ') || next.starts_with('\t') {
                    value.push(' ');
                    value.push_str(next.trim());
                    lines.next();
                } else {
                    break;
                }
            }
            return Some(value);
        }
    }
    None
}

fn parse(raw: &str, received: std::time::SystemTime) -> Mail {
    let (headers, body) = split_head(raw);
    let mut mail = Mail {
        subject: header(headers, "subject")
            .map(|s| decode_words(&s))
            .unwrap_or_default(),
        headers: headers.to_owned(),
        text: String::new(),
        html: String::new(),
        received,
    };
    collect_parts(headers, body, &mut mail);
    mail
}

/// Fills `mail`'s text and HTML from a (possibly multipart) entity.
fn collect_parts(headers: &str, body: &str, mail: &mut Mail) {
    let content_type = header(headers, "content-type").unwrap_or_default();
    if content_type.to_ascii_lowercase().starts_with("multipart/") {
        let Some(boundary) = content_type.split(';').find_map(|p| {
            p.trim()
                .strip_prefix("boundary=")
                .map(|b| b.trim_matches('"').to_owned())
        }) else {
            return;
        };
        let delimiter = format!("--{boundary}");
        for part in body.split(&delimiter).skip(1) {
            if part.starts_with("--") {
                break;
            }
            let part = part.trim_start_matches(['\r', '\n']);
            let (part_headers, part_body) = split_head(part);
            collect_parts(part_headers, part_body, mail);
        }
        return;
    }
    let encoding = header(headers, "content-transfer-encoding")
        .unwrap_or_default()
        .to_ascii_lowercase();
    let decoded = match encoding.as_str() {
        "base64" => {
            let compact: String = body.split_whitespace().collect();
            base64::engine::general_purpose::STANDARD
                .decode(compact)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default()
        }
        "quoted-printable" => quoted_printable(body),
        _ => body.to_owned(),
    };
    let decoded = decoded.replace("\r\n", "\n");
    if content_type.to_ascii_lowercase().starts_with("text/html") {
        mail.html = decoded;
    } else {
        mail.text = decoded;
    }
}

fn quoted_printable(body: &str) -> String {
    let mut bytes = Vec::new();
    let raw = body.replace("=\r\n", "").replace("=\n", "");
    let raw = raw.as_bytes();
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'='
            && i + 2 < raw.len()
            && let Ok(byte) = u8::from_str_radix(&String::from_utf8_lossy(&raw[i + 1..i + 3]), 16)
        {
            bytes.push(byte);
            i += 3;
            continue;
        }
        bytes.push(raw[i]);
        i += 1;
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Decodes RFC 2047 encoded words (`=?utf-8?b?...?=`, `=?utf-8?q?...?=`).
fn decode_words(value: &str) -> String {
    value
        .split_whitespace()
        .map(|word| {
            let parts: Vec<&str> = word.split('?').collect();
            if parts.len() == 5 && parts[0] == "=" && parts[4] == "=" {
                match parts[2].to_ascii_lowercase().as_str() {
                    "b" => base64::engine::general_purpose::STANDARD
                        .decode(parts[3])
                        .map(|b| String::from_utf8_lossy(&b).into_owned())
                        .unwrap_or_else(|_| word.to_owned()),
                    "q" => quoted_printable(&parts[3].replace('_', " ")),
                    _ => word.to_owned(),
                }
            } else {
                format!(" {word} ")
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_multipart_mail_is_decoded() {
        let raw = "Subject: =?utf-8?b?SG9sYSDDsQ==?=\r\nContent-Type: multipart/alternative;\r\n boundary=\"XX\"\r\nX-RcptTo: a@b.c\r\n\r\n--XX\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nHi=C3=B1 http://x.test/reset-password/=\r\nabc\r\n--XX\r\nContent-Type: text/html\r\nContent-Transfer-Encoding: base64\r\n\r\nPGI+aGk8L2I+\r\n--XX--\r\n";
        let mail = parse(raw, std::time::SystemTime::now());
        assert_eq!(mail.subject, "Hola ñ");
        assert_eq!(mail.token("/reset-password/").as_deref(), Some("abc"));
        assert!(mail.text.starts_with("Hiñ"));
        assert_eq!(mail.html, "<b>hi</b>");
    }
}
