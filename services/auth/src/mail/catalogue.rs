//! The mails' words and their layout.
//!
//! The words are the web's message catalogue (`web/src/locales/<lang>/mail.json`,
//! read when auth is built), so each text is written once per language and
//! checked with every other text (`locales.test.ts`: the same keys, plural
//! forms and interpolations in each language). Texts interpolate `{{name}}`
//! as i18next does. Mails are laid out by the templates in `templates/`
//! (minijinja), which escape every value in HTML.

use std::sync::LazyLock;

use minijinja::{AutoEscape, Environment, Error, State, Value as Context, value::Value};

/// The languages mails are written in; anything else gets English.
pub const LANGUAGES: [&str; 3] = ["en", "es", "de"];

static CATALOGUE: LazyLock<[serde_json::Value; 3]> = LazyLock::new(|| {
    [
        include_str!("../../../../web/src/locales/en/mail.json"),
        include_str!("../../../../web/src/locales/es/mail.json"),
        include_str!("../../../../web/src/locales/de/mail.json"),
    ]
    // A catalogue that is not JSON says every key instead of its text;
    // `every_language_reads_its_catalogue` fails first.
    .map(|json| serde_json::from_str(json).unwrap_or_default())
});

static LAYOUT: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    env.set_keep_trailing_newline(true);
    // By the templates' names: `.html` escaped, `.txt` and texts as written.
    env.set_auto_escape_callback(|name| match name.ends_with(".html") {
        true => AutoEscape::Html,
        false => AutoEscape::None,
    });
    env.set_formatter(escape_html);
    for (name, source) in [
        ("account.html", include_str!("../../templates/account.html")),
        ("account.txt", include_str!("../../templates/account.txt")),
        ("notice.html", include_str!("../../templates/notice.html")),
        ("notice.txt", include_str!("../../templates/notice.txt")),
    ] {
        if let Err(err) = env.add_template(name, source) {
            tracing::error!(%err, name, "a mail template does not parse");
        }
    }
    env
});

/// Escapes values in HTML as html-escape does for a quoted attribute
/// (`& < > " '`), which serves text too. minijinja's own escaping also writes
/// `/` as `&#x2f;`, which would put every link in a mail's source in that
/// form.
fn escape_html(out: &mut minijinja::Output, state: &State, value: &Value) -> Result<(), Error> {
    if state.auto_escape() == AutoEscape::Html && !value.is_safe() && !value.is_none() {
        let text = value.to_string();
        out.write_str(&html_escape::encode_quoted_attribute(&text))
            .map_err(Error::from)
    } else {
        minijinja::escape_formatter(out, state, value)
    }
}

/// One language's mail texts, English where it lacks one.
#[derive(Debug, Clone, Copy)]
pub struct Texts {
    /// en, es or de.
    pub language: &'static str,
    own: &'static serde_json::Value,
}

/// The texts of `language`, English for a language mails are not written in.
pub fn texts(language: &str) -> Texts {
    let at = LANGUAGES.iter().position(|l| *l == language).unwrap_or(0);
    Texts {
        language: LANGUAGES[at],
        own: &CATALOGUE[at],
    }
}

fn lookup<'a>(root: &'a serde_json::Value, key: &str) -> Option<&'a str> {
    key.split('.')
        .try_fold(root, |node, part| node.get(part))?
        .as_str()
}

impl Texts {
    /// The text at dotted `key` with `vars` put in (as written: the layout
    /// escapes what it places in HTML). The key itself when no language has
    /// the text.
    pub fn say(&self, key: &str, vars: &Context) -> Result<String, Error> {
        let text = lookup(self.own, key)
            .or_else(|| lookup(&CATALOGUE[0], key))
            .unwrap_or(key);
        LAYOUT.render_named_str("text", text, vars)
    }

    /// The plural form of `key` for `count` (i18next's suffixes: `_one`,
    /// Spanish's `_many` for whole millions, `_other`), with `count` and
    /// `vars` put in.
    pub fn count(&self, key: &str, count: i64, vars: &Context) -> Result<String, Error> {
        let form = match (count, self.language) {
            (1, _) => "one",
            (n, "es") if n != 0 && n % 1_000_000 == 0 => "many",
            _ => "other",
        };
        let vars = minijinja::context! { count => count, ..vars.clone() };
        self.say(&format!("{key}_{form}"), &vars)
    }
}

/// Template `name` (templates/) filled with `vars`.
pub fn lay_out(name: &str, vars: &Context) -> Result<String, Error> {
    LAYOUT.get_template(name)?.render(vars)
}

#[cfg(test)]
mod tests {
    use minijinja::context;

    use super::*;

    #[test]
    fn every_language_reads_its_catalogue() {
        for language in LANGUAGES {
            let texts = texts(language);
            assert_eq!(texts.language, language);
            let said = texts
                .say("notice.greeting", &context! { name => "Ann" })
                .unwrap();
            assert!(said.contains("Ann") && !said.contains("notice."), "{said}");
        }
        assert_eq!(texts("fr").language, "en");
    }

    #[test]
    fn plurals_take_the_languages_forms() {
        let digest = |language, count| {
            texts(language)
                .count("notice.REVIEW_DIGEST.subject", count, &context! {})
                .unwrap()
        };
        assert_eq!(digest("en", 1), "1 chore waiting for review");
        assert_eq!(digest("en", 2), "2 chores waiting for review");
        assert_eq!(digest("de", 1), "1 Aufgabe wartet auf Prüfung");
        assert_eq!(digest("es", 1_000_000), "1000000 tareas esperan revisión");
    }

    #[test]
    fn html_escapes_values_but_not_slashes() {
        let html = lay_out(
            "notice.html",
            &context! {
                lang => "en", greeting => "<b>Hi</b> & 'you'", lines => Vec::<String>::new(),
                open => "https://x.test/a?b=1&c=2", action => "Open", reason => "",
                unsubscribe => "https://x.test/u", unsubscribe_label => "Stop",
            },
        )
        .unwrap();
        assert!(
            html.contains("&lt;b&gt;Hi&lt;/b&gt; &amp; &#x27;you&#x27;"),
            "{html}"
        );
        assert!(
            html.contains("href=\"https://x.test/a?b=1&amp;c=2\""),
            "{html}"
        );
    }
}
