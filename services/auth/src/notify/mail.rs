//! Notification mails: their words in English, Spanish and German, and the
//! one-click unsubscribe headers of RFC 8058 every one of them carries.

use lettre::message::header::{Header, HeaderName, HeaderValue};
use serde_json::Value;

use crate::mail::templates::Rendered;

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

/// Cents as the screens show an amount without its unit: 12.50.
pub fn amount(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let cents = cents.unsigned_abs();
    format!("{sign}{}.{:02}", cents / 100, cents % 100)
}

/// A time of day sent as HH:MM, as the language says it: "5:00 PM" in
/// English (the app's American English), "17:00" in Spanish and German.
fn clock_time(language: &str, hhmm: &str) -> String {
    match (language, chrono::NaiveTime::parse_from_str(hhmm, "%H:%M")) {
        ("es" | "de", _) | (_, Err(_)) => hhmm.to_owned(),
        (_, Ok(time)) => time.format("%-I:%M %p").to_string(),
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// What a notification mail says: subject, greeting, lines, the link to open
/// and its label, and why it came.
struct Words {
    subject: String,
    greeting: String,
    lines: Vec<String>,
    action: &'static str,
    reason: &'static str,
    unsubscribe: &'static str,
}

fn words(notice: Notice, language: &str, name: &str, payload: &Value) -> Words {
    let count = payload["count"].as_i64().unwrap_or(0);
    let cents = payload["rewardCents"].as_i64().unwrap_or(0);
    let url = payload["url"].as_str().unwrap_or_default();
    let chore = payload["choreName"].as_str().unwrap_or_default();
    let due = clock_time(language, payload["dueTime"].as_str().unwrap_or_default());
    let children: Vec<(String, i64, i64)> = payload["children"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|c| {
                    (
                        c["name"].as_str().unwrap_or_default().to_owned(),
                        c["approved"].as_i64().unwrap_or(0),
                        c["earnedCents"].as_i64().unwrap_or(0),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    match language {
        "es" => {
            let (subject, lines, action, reason) = match notice {
                Notice::ReviewDigest => (
                    if count == 1 {
                        "1 tarea espera revisión".to_owned()
                    } else {
                        format!("{count} tareas esperan revisión")
                    },
                    vec!["Tus hijos enviaron tareas que esperan tu revisión.".to_owned()],
                    "Abrir Revisiones",
                    "Recibes este resumen una vez al día, a la hora elegida en tu perfil.",
                ),
                Notice::WeeklySummary => (
                    "La semana de tu familia en Chorely".to_owned(),
                    children
                        .iter()
                        .map(|(n, a, e)| {
                            format!("{n}: {a} tareas aprobadas, {} ganado", amount(*e))
                        })
                        .collect(),
                    "Abrir Chorely",
                    "Recibes este resumen una vez por semana, el día elegido en tu perfil.",
                ),
                Notice::Approval => (
                    "Tu tarea fue aprobada".to_owned(),
                    vec![format!("¡Bien hecho! Ganaste {}.", amount(cents))],
                    "Abrir Chorely",
                    "Recibes este correo cuando se aprueba una de tus tareas.",
                ),
                Notice::WebhookDisabled => (
                    "Se desactivó un webhook".to_owned(),
                    vec![format!(
                        "Chorely no pudo entregar eventos a {url} durante 24 horas y desactivó el webhook. Envía una prueba desde Ajustes cuando vuelva a funcionar."
                    )],
                    "Abrir Ajustes",
                    "Recibes este correo porque eres madre o padre en esta familia.",
                ),
                Notice::DueReminder => (
                    format!("Recuerda: {chore} a las {due}"),
                    vec![format!(
                        "«{chore}» vence a las {due} y todavía no la has enviado."
                    )],
                    "Abrir mis tareas",
                    "Recibes este correo una hora antes de que venza una de tus tareas.",
                ),
            };
            Words {
                subject,
                greeting: format!("Hola, {name}:"),
                lines,
                action,
                reason,
                unsubscribe: "Dejar de recibir estos correos",
            }
        }
        "de" => {
            let (subject, lines, action, reason) = match notice {
                Notice::ReviewDigest => (
                    if count == 1 {
                        "1 Aufgabe wartet auf Prüfung".to_owned()
                    } else {
                        format!("{count} Aufgaben warten auf Prüfung")
                    },
                    vec![
                        "Deine Kinder haben Aufgaben eingereicht, die auf deine Prüfung warten."
                            .to_owned(),
                    ],
                    "Prüfungen öffnen",
                    "Du bekommst diese Übersicht einmal am Tag zu der Uhrzeit, die du in deinem Profil gewählt hast.",
                ),
                Notice::WeeklySummary => (
                    "Die Woche deiner Familie bei Chorely".to_owned(),
                    children
                        .iter()
                        .map(|(n, a, e)| {
                            format!("{n}: {a} Aufgaben bestätigt, {} verdient", amount(*e))
                        })
                        .collect(),
                    "Chorely öffnen",
                    "Du bekommst diese Übersicht einmal pro Woche an dem Tag, den du in deinem Profil gewählt hast.",
                ),
                Notice::Approval => (
                    "Deine Aufgabe wurde bestätigt".to_owned(),
                    vec![format!("Gut gemacht! Du hast {} verdient.", amount(cents))],
                    "Chorely öffnen",
                    "Du bekommst diese E-Mail, wenn eine deiner Aufgaben bestätigt wird.",
                ),
                Notice::WebhookDisabled => (
                    "Ein Webhook wurde ausgeschaltet".to_owned(),
                    vec![format!(
                        "Chorely konnte 24 Stunden lang keine Ereignisse an {url} zustellen und hat den Webhook ausgeschaltet. Sende in den Einstellungen einen Test, sobald er wieder funktioniert."
                    )],
                    "Einstellungen öffnen",
                    "Du bekommst diese E-Mail, weil du in dieser Familie ein Elternteil bist.",
                ),
                Notice::DueReminder => (
                    format!("Erinnerung: {chore} bis {due} Uhr"),
                    vec![format!(
                        "„{chore}“ ist um {due} Uhr fällig, und du hast die Aufgabe noch nicht eingereicht."
                    )],
                    "Meine Aufgaben öffnen",
                    "Du bekommst diese E-Mail eine Stunde, bevor eine deiner Aufgaben fällig ist.",
                ),
            };
            Words {
                subject,
                greeting: format!("Hallo {name},"),
                lines,
                action,
                reason,
                unsubscribe: "Diese E-Mails abbestellen",
            }
        }
        _ => {
            let (subject, lines, action, reason) = match notice {
                Notice::ReviewDigest => (
                    if count == 1 {
                        "1 chore waiting for review".to_owned()
                    } else {
                        format!("{count} chores waiting for review")
                    },
                    vec!["Your children sent chores that are waiting for your review.".to_owned()],
                    "Open Reviews",
                    "You get this digest once a day, at the time chosen in your profile.",
                ),
                Notice::WeeklySummary => (
                    "Your family's week on Chorely".to_owned(),
                    children
                        .iter()
                        .map(|(n, a, e)| format!("{n}: {a} chores approved, {} earned", amount(*e)))
                        .collect(),
                    "Open Chorely",
                    "You get this summary once a week, on the day chosen in your profile.",
                ),
                Notice::Approval => (
                    "Your chore was approved".to_owned(),
                    vec![format!("Well done! You earned {}.", amount(cents))],
                    "Open Chorely",
                    "You get this email when one of your chores is approved.",
                ),
                Notice::WebhookDisabled => (
                    "A webhook was turned off".to_owned(),
                    vec![format!(
                        "Chorely could not deliver events to {url} for 24 hours and turned the webhook off. Send a test from Settings once it works again."
                    )],
                    "Open Settings",
                    "You get this email because you are a parent in this family.",
                ),
                Notice::DueReminder => (
                    format!("Reminder: {chore} is due at {due}"),
                    vec![format!(
                        "\"{chore}\" is due at {due}, and you have not sent it yet."
                    )],
                    "Open my chores",
                    "You get this email an hour before one of your chores is due.",
                ),
            };
            Words {
                subject,
                greeting: format!("Hi {name},"),
                lines,
                action,
                reason,
                unsubscribe: "Unsubscribe from these emails",
            }
        }
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
/// and its unsubscribe link.
pub fn render(
    notice: Notice,
    language: &str,
    name: &str,
    payload: &Value,
    origin: &str,
    unsubscribe: &str,
) -> Rendered {
    let w = words(notice, language, name, payload);
    let open = format!("{}{}", origin.trim_end_matches('/'), path(notice));
    let mut text = format!("{}\n\n", w.greeting);
    for line in &w.lines {
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&format!(
        "\n{}: {open}\n\n{}\n{}: {unsubscribe}\n",
        w.action, w.reason, w.unsubscribe
    ));
    let lines: String = w
        .lines
        .iter()
        .map(|l| format!("<p>{}</p>", escape(l)))
        .collect();
    let html = format!(
        "<!doctype html><html><body style=\"font-family:sans-serif;line-height:1.5\">\
         <p>{}</p>{lines}<p><a href=\"{}\">{}</a></p>\
         <p style=\"color:#555;font-size:0.9em\">{} <a href=\"{}\">{}</a></p></body></html>",
        escape(&w.greeting),
        escape(&open),
        escape(w.action),
        escape(w.reason),
        escape(unsubscribe),
        escape(w.unsubscribe),
    );
    Rendered {
        subject: w.subject,
        text,
        html,
    }
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
                );
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
        };
        assert_eq!(r("en").subject, "Reminder: Dishes is due at 5:00 PM");
        assert_eq!(r("es").subject, "Recuerda: Dishes a las 17:00");
        assert_eq!(r("de").subject, "Erinnerung: Dishes bis 17:00 Uhr");
        assert!(r("en").text.contains("\"Dishes\" is due at 5:00 PM"));
        assert!(r("en").html.contains("&quot;Dishes&quot;"), "escaped");
    }

    #[test]
    fn amounts_have_two_decimals() {
        assert_eq!(amount(150), "1.50");
        assert_eq!(amount(5), "0.05");
        assert_eq!(amount(-250), "-2.50");
    }

    #[test]
    fn notices_read_back() {
        for n in Notice::ALL {
            assert_eq!(Notice::parse(n.as_str()), Some(n));
        }
        assert_eq!(Notice::parse("VERIFY_EMAIL"), None);
    }
}
