//! The mails' words, in plain text and HTML, in English, Spanish and German.

use crate::store::mail_queue::MailKind;

/// A mail ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// The words of one mail in one language. `{name}` and `{email}` are filled in.
struct Copy {
    subject: &'static str,
    greeting: &'static str,
    intro: &'static str,
    action: &'static str,
    fallback: &'static str,
    note: &'static str,
}

/// The languages mails are written in; anything else gets English.
pub const LANGUAGES: [&str; 3] = ["en", "es", "de"];

fn copy(kind: MailKind, language: &str) -> Copy {
    match (kind, language) {
        (MailKind::VerifyEmail, "es") => Copy {
            subject: "Confirma tu correo electrónico en Chorely",
            greeting: "Hola, {name}:",
            intro: "Confirma que {email} es tu dirección de correo abriendo este enlace.",
            action: "Confirmar mi correo",
            fallback: "Si el botón no funciona, copia esta dirección en tu navegador:",
            note: "El enlace funciona durante 48 horas. Si no te registraste en Chorely, puedes ignorar este correo.",
        },
        (MailKind::VerifyEmail, "de") => Copy {
            subject: "Bestätige deine E-Mail-Adresse für Chorely",
            greeting: "Hallo {name},",
            intro: "bitte bestätige mit diesem Link, dass {email} deine E-Mail-Adresse ist.",
            action: "E-Mail-Adresse bestätigen",
            fallback: "Falls die Schaltfläche nicht funktioniert, kopiere diese Adresse in deinen Browser:",
            note: "Der Link gilt 48 Stunden. Wenn du dich nicht bei Chorely registriert hast, kannst du diese E-Mail ignorieren.",
        },
        (MailKind::VerifyEmail, _) => Copy {
            subject: "Confirm your email for Chorely",
            greeting: "Hi {name},",
            intro: "Please confirm that {email} is your email address by opening this link.",
            action: "Confirm my email",
            fallback: "If the button does not work, copy this address into your browser:",
            note: "The link works for 48 hours. If you did not sign up for Chorely, you can ignore this email.",
        },
        (MailKind::ResetPassword, "es") => Copy {
            subject: "Restablece tu contraseña de Chorely",
            greeting: "Hola, {name}:",
            intro: "Alguien (esperamos que tú) pidió restablecer la contraseña de la cuenta de Chorely de {email}. Abre este enlace para elegir una nueva.",
            action: "Elegir una contraseña nueva",
            fallback: "Si el botón no funciona, copia esta dirección en tu navegador:",
            note: "El enlace funciona una sola vez, durante 1 hora. Si no lo pediste, ignora este correo: tu contraseña no cambia.",
        },
        (MailKind::ResetPassword, "de") => Copy {
            subject: "Setze dein Chorely-Passwort zurück",
            greeting: "Hallo {name},",
            intro: "jemand (hoffentlich du) möchte das Passwort des Chorely-Kontos von {email} zurücksetzen. Öffne diesen Link, um ein neues zu wählen.",
            action: "Neues Passwort wählen",
            fallback: "Falls die Schaltfläche nicht funktioniert, kopiere diese Adresse in deinen Browser:",
            note: "Der Link funktioniert einmal und gilt 1 Stunde. Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt unverändert.",
        },
        (MailKind::ResetPassword, _) => Copy {
            subject: "Reset your Chorely password",
            greeting: "Hi {name},",
            intro: "Someone (hopefully you) asked to reset the password of the Chorely account of {email}. Open this link to choose a new one.",
            action: "Choose a new password",
            fallback: "If the button does not work, copy this address into your browser:",
            note: "The link works once, for 1 hour. If you did not ask for it, ignore this email: your password stays as it is.",
        },
        (MailKind::MfaLocked, "es") => Copy {
            subject: "Inicio de sesión de Chorely en pausa",
            greeting: "Hola, {name}:",
            intro: "Alguien introdujo demasiados códigos de verificación en dos pasos incorrectos para la cuenta de Chorely de {email}, después de la contraseña correcta. El inicio de sesión con código queda en pausa durante {minutes} minutos. Si no fuiste tú, alguien conoce tu contraseña: elige una nueva ahora.",
            action: "Elegir una contraseña nueva",
            fallback: "Si el botón no funciona, copia esta dirección en tu navegador:",
            note: "Si fuiste tú, espera y vuelve a intentarlo con el código de tu aplicación o un código de recuperación.",
        },
        (MailKind::MfaLocked, "de") => Copy {
            subject: "Anmeldung bei Chorely pausiert",
            greeting: "Hallo {name},",
            intro: "jemand hat für das Chorely-Konto von {email} nach dem richtigen Passwort zu oft einen falschen Code der Zwei-Faktor-Anmeldung eingegeben. Die Anmeldung mit Code ist für {minutes} Minuten pausiert. Wenn du das nicht warst, kennt jemand dein Passwort: Wähle jetzt ein neues.",
            action: "Neues Passwort wählen",
            fallback: "Falls die Schaltfläche nicht funktioniert, kopiere diese Adresse in deinen Browser:",
            note: "Wenn du es warst, warte und versuche es dann mit dem Code deiner App oder einem Wiederherstellungscode erneut.",
        },
        (MailKind::MfaLocked, _) => Copy {
            subject: "Your Chorely sign-in is paused",
            greeting: "Hi {name},",
            intro: "Someone entered too many wrong two-factor codes for the Chorely account of {email}, after the right password. Signing in with a code is paused for {minutes} minutes. If this was not you, someone knows your password: choose a new one now.",
            action: "Choose a new password",
            fallback: "If the button does not work, copy this address into your browser:",
            note: "If it was you, wait and try again with your app's code or a recovery code.",
        },
        (MailKind::AddressInUse, "es") => Copy {
            subject: "Alguien intentó usar tu correo en Chorely",
            greeting: "Hola, {name}:",
            intro: "Alguien escribió {email} para una cuenta nueva de Chorely (una familia nueva, una invitación o un cambio de correo). Esta dirección ya es la de tu cuenta, así que no cambió nada en ella.",
            action: "Iniciar sesión",
            fallback: "Si el botón no funciona, copia esta dirección en tu navegador:",
            note: "Si fuiste tú, inicia sesión con tu cuenta o restablece tu contraseña si la olvidaste. Si no, puedes ignorar este correo.",
        },
        (MailKind::AddressInUse, "de") => Copy {
            subject: "Jemand wollte deine E-Mail-Adresse bei Chorely verwenden",
            greeting: "Hallo {name},",
            intro: "jemand hat {email} für ein neues Chorely-Konto eingegeben (eine neue Familie, eine Einladung oder eine geänderte Adresse). Diese Adresse gehört bereits zu deinem Konto, daher hat sich daran nichts geändert.",
            action: "Anmelden",
            fallback: "Falls die Schaltfläche nicht funktioniert, kopiere diese Adresse in deinen Browser:",
            note: "Wenn du es warst, melde dich mit deinem Konto an oder setze dein Passwort zurück, falls du es vergessen hast. Wenn nicht, kannst du diese E-Mail ignorieren.",
        },
        (MailKind::AddressInUse, _) => Copy {
            subject: "Someone tried to use your email on Chorely",
            greeting: "Hi {name},",
            intro: "Someone typed {email} for a new Chorely account (a new family, an invitation or a changed address). This address already belongs to your account, so nothing changed on it.",
            action: "Sign in",
            fallback: "If the button does not work, copy this address into your browser:",
            note: "If it was you, sign in to your account, or reset your password if you forgot it. If not, you can ignore this email.",
        },
        (MailKind::ConfirmEmailChange, "es") => Copy {
            subject: "Confirma tu nuevo correo electrónico en Chorely",
            greeting: "Hola, {name}:",
            intro: "Pediste usar {email} para tu cuenta de Chorely. Abre este enlace para confirmarlo; hasta entonces inicias sesión con tu correo anterior.",
            action: "Confirmar mi nuevo correo",
            fallback: "Si el botón no funciona, copia esta dirección en tu navegador:",
            note: "El enlace funciona durante 48 horas. Si no lo pediste, puedes ignorar este correo.",
        },
        (MailKind::ConfirmEmailChange, "de") => Copy {
            subject: "Bestätige deine neue E-Mail-Adresse für Chorely",
            greeting: "Hallo {name},",
            intro: "du möchtest {email} für dein Chorely-Konto verwenden. Öffne diesen Link, um das zu bestätigen; bis dahin meldest du dich mit deiner bisherigen Adresse an.",
            action: "Neue E-Mail-Adresse bestätigen",
            fallback: "Falls die Schaltfläche nicht funktioniert, kopiere diese Adresse in deinen Browser:",
            note: "Der Link gilt 48 Stunden. Wenn du das nicht angefordert hast, kannst du diese E-Mail ignorieren.",
        },
        (MailKind::ConfirmEmailChange, _) => Copy {
            subject: "Confirm your new email for Chorely",
            greeting: "Hi {name},",
            intro: "You asked to use {email} for your Chorely account. Open this link to confirm it; until then you sign in with your old address.",
            action: "Confirm my new email",
            fallback: "If the button does not work, copy this address into your browser:",
            note: "The link works for 48 hours. If you did not ask for this, you can ignore this email.",
        },
    }
}

/// The mail of `kind` in `language` (en, es or de; English otherwise) for
/// `name` at `email`, carrying `link`.
pub fn render(kind: MailKind, language: &str, name: &str, email: &str, link: &str) -> Rendered {
    let c = copy(kind, language);
    let minutes = (crate::mfa::LOCK.as_secs() / 60).to_string();
    let fill = |s: &str, name: &str, email: &str| {
        s.replace("{name}", name)
            .replace("{email}", email)
            .replace("{minutes}", &minutes)
    };
    let text = format!(
        "{}\n\n{}\n\n{link}\n\n{}\n\n-- \nChorely\n",
        fill(c.greeting, name, email),
        fill(c.intro, name, email),
        c.note,
    );
    let (h_name, h_email, h_link) = (escape(name), escape(email), escape(link));
    let lang = if LANGUAGES.contains(&language) {
        language
    } else {
        "en"
    };
    let html = format!(
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\"><title>{subject}</title></head>\n\
         <body style=\"font-family: sans-serif; color: #1f2937; line-height: 1.5\">\n\
         <p>{greeting}</p>\n<p>{intro}</p>\n\
         <p><a href=\"{h_link}\" style=\"display: inline-block; padding: 10px 18px; background: #4f46e5; \
         color: #ffffff; border-radius: 6px; text-decoration: none\">{action}</a></p>\n\
         <p>{fallback}<br><a href=\"{h_link}\">{h_link}</a></p>\n<p>{note}</p>\n\
         <p>Chorely</p>\n</body></html>\n",
        subject = escape(c.subject),
        greeting = fill(&escape(c.greeting), &h_name, &h_email),
        intro = fill(&escape(c.intro), &h_name, &h_email),
        action = escape(c.action),
        fallback = escape(c.fallback),
        note = escape(c.note),
    );
    Rendered {
        subject: c.subject.to_owned(),
        text,
        html,
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
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
                    let mail = render(kind, lang, "Ann", "ann@example.com", "https://x.test/l/abc");
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
            render(MailKind::VerifyEmail, "fr", "A", "a@b.c", "l").subject,
            render(MailKind::VerifyEmail, "en", "A", "a@b.c", "l").subject
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
        );
        assert!(!mail.html.contains("<script>"));
        assert!(mail.html.contains("&lt;script&gt;"));
        assert!(mail.html.contains("a=1&amp;b=2"));
    }
}
