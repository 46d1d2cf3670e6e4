//! Notification mails: their words (from the message catalogue, in English,
//! Spanish and German) and layout, and the one-click unsubscribe headers of
//! RFC 8058 every one of them carries.

use lettre::message::header::{Header, HeaderName, HeaderValue};
use serde_json::Value;

use minijinja::context;

use crate::mail::{catalogue, templates::Rendered};

/// A kind of notification mail; the strings stored in `mail_queue.kind`,
/// in `notification_settings.email_off` and with unsubscribe tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// Parents: how many submissions wait for review, once a day.
    ReviewDigest,
    /// Parents: the week's approvals and rewards per child.
    WeeklySummary,
    /// A child: a chore of theirs was approved.
    Approval,
    /// Parents: a webhook endpoint was turned off after a day of failures.
    WebhookDisabled,
    /// A child: a chore of theirs is due within the hour.
    DueReminder,
}

impl Notice {
    pub const ALL: [Notice; 5] = [
        Notice::ReviewDigest,
        Notice::WeeklySummary,
        Notice::Approval,
        Notice::WebhookDisabled,
        Notice::DueReminder,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Notice::ReviewDigest => "REVIEW_DIGEST",
            Notice::WeeklySummary => "WEEKLY_SUMMARY",
            Notice::Approval => "APPROVAL",
            Notice::WebhookDisabled => "WEBHOOK_DISABLED",
            Notice::DueReminder => "DUE_REMINDER",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|n| n.as_str() == raw)
    }
}

/// `List-Unsubscribe: <https://…>` (RFC 2369).
#[derive(Debug, Clone)]
pub struct ListUnsubscribe(pub String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self(
            s.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_owned(),
        ))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), format!("<{}>", self.0))
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): mail
/// apps may unsubscribe with one POST to the link, without opening it.
#[derive(Debug, Clone)]
pub struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(Self)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}

/// Cents as the screens show money in `language` (US dollars, as the web's
/// `formatMoney` writes them with the browser's number format): $1,234.50 in
/// English, 1234,50 US$ in Spanish (grouped from five digits), 1.234,50 $ in
/// German.
pub fn money(language: &str, cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    let (whole, fraction) = (cents / 100, cents % 100);
    let (group, decimal, group_from) = match language {
        "es" => (".", ",", 10_000),
        "de" => (".", ",", 1_000),
        _ => (",", ".", 1_000),
    };
    let digits = whole.to_string();
    let grouped = if whole < group_from {
        digits
    } else {
        let mut out = String::new();
        for (i, digit) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push_str(group);
            }
            out.push(digit);
        }
        out
    };
    match language {
        "es" => format!("{sign}{grouped}{decimal}{fraction:02}\u{a0}US$"),
        "de" => format!("{sign}{grouped}{decimal}{fraction:02}\u{a0}$"),
        _ => format!("{sign}${grouped}{decimal}{fraction:02}"),
    }
}

/// A time of day sent as HH:MM, as the language says it: "5:00 PM" in
/// English (the app's American English), "17:00" in Spanish and German.
fn clock_time(language: &str, hhmm: &str) -> String {
    match (language, chrono::NaiveTime::parse_from_str(hhmm, "%H:%M")) {
        ("es" | "de", _) | (_, Err(_)) => hhmm.to_owned(),
        (_, Ok(time)) => time.format("%-I:%M %p").to_string(),
    }
}

/// The path of the web app a mail's button opens.
fn path(notice: Notice) -> &'static str {
    match notice {
        Notice::ReviewDigest => "/approval",
        Notice::WebhookDisabled => "/settings",
        Notice::WeeklySummary | Notice::Approval | Notice::DueReminder => "/",
    }
}

/// The mail `notice` in `language` for `name`, with its button on `origin`
/// and its unsubscribe link: its words from the message catalogue
/// (`notice.<NOTICE>`), laid out by `templates/notice.*`.
pub fn render(
    notice: Notice,
    language: &str,
    name: &str,
    payload: &Value,
    origin: &str,
    unsubscribe: &str,
) -> Result<Rendered, minijinja::Error> {
    let texts = catalogue::texts(language);
    let key = |part: &str| format!("notice.{}.{part}", notice.as_str());
    let vars = context! {
        name,
        earned => money(texts.language, payload["rewardCents"].as_i64().unwrap_or(0)),
        url => payload["url"].as_str().unwrap_or_default(),
        chore => payload["choreName"].as_str().unwrap_or_default(),
        due => clock_time(texts.language, payload["dueTime"].as_str().unwrap_or_default()),
    };
    let subject = match notice {
        Notice::ReviewDigest => {
            let count = payload["count"].as_i64().unwrap_or(0);
            texts.count(&key("subject"), count, &vars)?
        }
        _ => texts.say(&key("subject"), &vars)?,
    };
    let lines = match notice {
        // A line per child: their approvals and earnings of the week.
        Notice::WeeklySummary => payload["children"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|child| {
                let child = context! {
                    name => child["name"].as_str().unwrap_or_default(),
                    approved => child["approved"].as_i64().unwrap_or(0),
                    earned => money(texts.language, child["earnedCents"].as_i64().unwrap_or(0)),
                };
                texts.say(&key("line"), &child)
            })
            .collect::<Result<Vec<_>, _>>()?,
        _ => vec![texts.say(&key("line"), &vars)?],
    };
    let layout = context! {
        lang => texts.language,
        greeting => texts.say("notice.greeting", &vars)?,
        lines,
        action => texts.say(&key("action"), &vars)?,
        open => format!("{}{}", origin.trim_end_matches('/'), path(notice)),
        reason => texts.say(&key("reason"), &vars)?,
        unsubscribe,
        unsubscribe_label => texts.say("notice.unsubscribe", &vars)?,
    };
    Ok(Rendered {
        text: catalogue::lay_out("notice.txt", &layout)?,
        html: catalogue::lay_out("notice.html", &layout)?,
        subject,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_digest_counts_in_each_language() {
        let three = json!({"count": 3});
        let one = json!({"count": 1});
        let r = |l, p| {
            render(
                Notice::ReviewDigest,
                l,
                "Ann",
                p,
                "https://x",
                "https://x/u",
            )
            .unwrap()
        };
        assert_eq!(r("en", &three).subject, "3 chores waiting for review");
        assert_eq!(r("en", &one).subject, "1 chore waiting for review");
        assert_eq!(r("es", &three).subject, "3 tareas esperan revisión");
        assert_eq!(r("de", &one).subject, "1 Aufgabe wartet auf Prüfung");
        assert!(r("en", &three).text.contains("https://x/approval"));
        assert!(r("en", &three).text.contains("https://x/u"));
    }

    #[test]
    fn every_mail_has_words_and_the_unsubscribe_link_in_each_language() {
        let payload = json!({"count": 2, "rewardCents": 150, "url": "https://h.example/<x>",
            "children": [{"name": "Mia", "approved": 2, "earnedCents": 350}]});
        for notice in Notice::ALL {
            for language in ["en", "es", "de"] {
                let r = render(
                    notice,
                    language,
                    "Ann",
                    &payload,
                    "https://x",
                    "https://x/u?t=1",
                )
                .unwrap();
                assert!(!r.subject.is_empty());
                assert!(r.text.contains("https://x/u?t=1"), "{notice:?} {language}");
                assert!(r.html.contains("https://x/u?t=1"));
                assert!(!r.html.contains("<x>"), "escaped");
            }
        }
    }

    #[test]
    fn a_reminder_names_the_chore_and_its_time_in_each_language() {
        let payload = json!({"choreName": "Dishes", "dueTime": "17:00"});
        let r = |l| {
            render(
                Notice::DueReminder,
                l,
                "Mia",
                &payload,
                "https://x",
                "https://x/u",
            )
            .unwrap()
        };
        assert_eq!(r("en").subject, "Reminder: Dishes is due at 5:00 PM");
        assert_eq!(r("es").subject, "Recuerda: Dishes a las 17:00");
        assert_eq!(r("de").subject, "Erinnerung: Dishes bis 17:00 Uhr");
        assert!(r("en").text.contains("\"Dishes\" is due at 5:00 PM"));
        assert!(r("en").html.contains("&quot;Dishes&quot;"), "escaped");
    }

    #[test]
    fn money_reads_as_the_screens_write_it_in_each_language() {
        assert_eq!(money("en", 150), "$1.50");
        assert_eq!(money("en", 5), "$0.05");
        assert_eq!(money("en", -250), "-$2.50");
        assert_eq!(money("en", 123_456_700), "$1,234,567.00");
        assert_eq!(money("es", 123_450), "1234,50\u{a0}US$");
        assert_eq!(money("es", 1_234_550), "12.345,50\u{a0}US$");
        assert_eq!(money("de", 123_450), "1.234,50\u{a0}$");
        assert_eq!(money("de", -5), "-0,05\u{a0}$");
    }

    #[test]
    fn notices_read_back() {
        for n in Notice::ALL {
            assert_eq!(Notice::parse(n.as_str()), Some(n));
        }
        assert_eq!(Notice::parse("VERIFY_EMAIL"), None);
    }
}
