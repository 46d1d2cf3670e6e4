//! The account mails (verify, reset, sign-in paused, address in use, new
//! address): their words from the message catalogue, laid out by
//! `templates/account.*` (see `catalogue`).

use minijinja::context;

use super::catalogue;
use crate::store::mail_queue::MailKind;

/// A mail ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

pub use catalogue::LANGUAGES;

/// The mail of `kind` in `language` (en, es or de; English otherwise) for
/// `name` at `email`, carrying `link`.
pub fn render(
    kind: MailKind,
    language: &str,
    name: &str,
    email: &str,
    link: &str,
) -> Result<Rendered, minijinja::Error> {
    let texts = catalogue::texts(language);
    let minutes = crate::mfa::LOCK.as_secs() / 60;
    let vars = context! { name, email, minutes };
    let say = |part: &str| texts.say(&format!("account.{}.{part}", kind.as_str()), &vars);
    let subject = say("subject")?;
    let layout = context! {
        lang => texts.language,
        subject => &subject,
        greeting => say("greeting")?,
        intro => say("intro")?,
        action => say("action")?,
        note => say("note")?,
        fallback => texts.say("fallback", &vars)?,
        link,
    };
    Ok(Rendered {
        text: catalogue::lay_out("account.txt", &layout)?,
        html: catalogue::lay_out("account.html", &layout)?,
        subject,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mail_is_written_in_each_language_with_its_link() {
        for kind in [
            MailKind::VerifyEmail,
            MailKind::ResetPassword,
            MailKind::MfaLocked,
            MailKind::AddressInUse,
            MailKind::ConfirmEmailChange,
        ] {
            let subjects: Vec<String> = LANGUAGES
                .iter()
                .map(|lang| {
                    let mail = render(kind, lang, "Ann", "ann@example.com", "https://x.test/l/abc")
                        .unwrap();
                    assert!(mail.text.contains("https://x.test/l/abc"), "{lang}");
                    assert!(mail.text.contains("Ann"), "{lang}");
                    assert!(
                        mail.html.contains("href=\"https://x.test/l/abc\""),
                        "{lang}"
                    );
                    assert!(mail.html.contains(&format!("lang=\"{lang}\"")));
                    mail.subject
                })
                .collect();
            // Three different languages, three different subjects.
            assert_ne!(subjects[0], subjects[1]);
            assert_ne!(subjects[1], subjects[2]);
        }
        // Anything else reads English.
        assert_eq!(
            render(MailKind::VerifyEmail, "fr", "A", "a@b.c", "l")
                .unwrap()
                .subject,
            render(MailKind::VerifyEmail, "en", "A", "a@b.c", "l")
                .unwrap()
                .subject
        );
    }

    #[test]
    fn names_cannot_inject_html() {
        let mail = render(
            MailKind::ResetPassword,
            "en",
            "<script>x</script>",
            "a@b.c",
            "https://x.test/?a=1&b=2",
        )
        .unwrap();
        assert!(!mail.html.contains("<script>"));
        assert!(mail.html.contains("&lt;script&gt;"));
        assert!(mail.html.contains("a=1&amp;b=2"));
    }
}
