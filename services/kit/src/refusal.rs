//! A refusal a user sees, as data: a code of the catalogue (proto/errors/,
//! [`crate::codes`]) and the values its text names. It travels as gRPC's
//! `ErrorInfo` (reason: the code; metadata: each value as text), so the
//! gateway can answer the code and typed values (`params`) and the web
//! translate by code; the status's message is the English text, for API
//! clients and logs.

use std::{collections::HashMap, fmt};

use chrono::NaiveDate;
use tonic::Status;
use tonic_types::{ErrorDetails, StatusExt};

use crate::{codes::Label, error::ERROR_DOMAIN};

/// The kind of a value a refusal's text names (proto/errors/README.md says what
/// each means).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    Count,
    Money,
    Date,
    Jar,
    Label,
}

impl Kind {
    /// The kind's name in the catalogue.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Text => "text",
            Kind::Count => "count",
            Kind::Money => "money",
            Kind::Date => "date",
            Kind::Jar => "jar",
            Kind::Label => "label",
        }
    }
}

/// One code of the catalogue.
#[derive(Debug)]
pub struct Spec {
    pub code: &'static str,
    pub status: tonic::Code,
    /// The English text, naming values as `{{name}}` (or `{{name, format}}`,
    /// a format for the web only).
    pub en: &'static str,
    /// The English text when the value `count` is 1, where it reads
    /// otherwise than `en`.
    pub en_one: Option<&'static str>,
    /// The values the text names, in the order it names them.
    pub params: &'static [(&'static str, Kind)],
}

/// A code is its entry.
impl PartialEq for Spec {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
    }
}
impl Eq for Spec {}

/// A child's jar, as a refusal names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Jar {
    Spend,
    Save,
    Give,
}

impl Jar {
    /// The API's name of the jar.
    pub fn as_str(self) -> &'static str {
        match self {
            Jar::Spend => "SPEND",
            Jar::Save => "SAVE",
            Jar::Give => "GIVE",
        }
    }

    fn parse(text: &str) -> Option<Self> {
        [Jar::Spend, Jar::Save, Jar::Give]
            .into_iter()
            .find(|jar| jar.as_str() == text)
    }
}

/// A value a refusal names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Text(String),
    Count(i64),
    /// Cents.
    Money(i64),
    Date(NaiveDate),
    Jar(Jar),
    Label(Label),
}

impl Value {
    /// As the value travels in `ErrorInfo`'s metadata (and, but for money
    /// and counts, in the API's `params`).
    pub fn wire(&self) -> String {
        match self {
            Value::Text(text) => text.clone(),
            Value::Count(n) | Value::Money(n) => n.to_string(),
            Value::Date(date) => date.format("%Y-%m-%d").to_string(),
            Value::Jar(jar) => jar.as_str().to_owned(),
            Value::Label(label) => label.name().to_owned(),
        }
    }

    fn from_wire(kind: Kind, text: &str) -> Option<Self> {
        Some(match kind {
            Kind::Text => Value::Text(text.to_owned()),
            Kind::Count => Value::Count(text.parse().ok()?),
            Kind::Money => Value::Money(text.parse().ok()?),
            Kind::Date => Value::Date(NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()?),
            Kind::Jar => Value::Jar(Jar::parse(text)?),
            Kind::Label => Value::Label(Label::ALL.iter().copied().find(|l| l.name() == text)?),
        })
    }

    /// As the English text shows it.
    fn english(&self) -> String {
        match self {
            Value::Text(text) => text.clone(),
            Value::Count(n) => n.to_string(),
            Value::Money(cents) => format!("${}", dollars(*cents)),
            Value::Date(date) => date.format("%B %-d, %Y").to_string(),
            Value::Jar(jar) => jar.as_str().to_lowercase(),
            Value::Label(label) => label.english().to_owned(),
        }
    }
}

/// Cents as users read them: `12.50`, `-5.50`.
pub fn dollars(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02}", abs / 100, abs % 100)
}

/// A refusal: its code's entry and the values the text names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    spec: &'static Spec,
    values: Vec<Value>,
}

impl Refusal {
    /// The refusal `spec` with `values`, in the order of `spec.params`
    /// (what the generated functions of [`crate::codes`] pass).
    pub fn new(spec: &'static Spec, values: Vec<Value>) -> Self {
        debug_assert_eq!(spec.params.len(), values.len(), "{}", spec.code);
        Self { spec, values }
    }

    pub fn code(&self) -> &'static str {
        self.spec.code
    }

    pub fn status_code(&self) -> tonic::Code {
        self.spec.status
    }

    /// This refusal as the one about request field `field` (its JSON name).
    pub fn on(self, field: &'static str) -> crate::validate::FieldError {
        crate::validate::FieldError::new(field, self)
    }

    /// Each value with its name and kind, in the order the text names them.
    pub fn params(&self) -> impl Iterator<Item = (&'static str, Kind, &Value)> {
        self.spec
            .params
            .iter()
            .zip(&self.values)
            .map(|(&(name, kind), value)| (name, kind, value))
    }

    /// The English text with its values, as API clients read it.
    pub fn message(&self) -> String {
        let one = self
            .params()
            .any(|(name, _, value)| name == "count" && *value == Value::Count(1));
        let template = self.spec.en_one.filter(|_| one).unwrap_or(self.spec.en);
        let mut text = String::with_capacity(template.len());
        let mut rest = template;
        while let Some(start) = rest.find("{{") {
            let Some(end) = rest[start..].find("}}").map(|end| end + start) else {
                break;
            };
            text.push_str(&rest[..start]);
            let name = rest[start + 2..end].split(',').next().unwrap_or("").trim();
            match self.params().find(|(own, ..)| *own == name) {
                Some((_, _, value)) => text.push_str(&value.english()),
                None => text.push_str(&rest[start..end + 2]),
            }
            rest = &rest[end + 2..];
        }
        text.push_str(rest);
        text
    }

    /// The refusal as gRPC error details: an `ErrorInfo` whose reason is the
    /// code and whose metadata holds each value as text ([`Refusal::of`]
    /// reads it back).
    pub fn details(&self) -> ErrorDetails {
        let metadata: HashMap<String, String> = self
            .params()
            .map(|(name, _, value)| (name.to_owned(), value.wire()))
            .collect();
        ErrorDetails::with_error_info(self.code(), ERROR_DOMAIN, metadata)
    }

    /// The refusal a status carries, if it carries one of the catalogue's
    /// codes with every value the code names.
    pub fn of(status: &Status) -> Option<Self> {
        let info = status.get_details_error_info()?;
        if info.domain != ERROR_DOMAIN {
            return None;
        }
        let spec = crate::codes::spec(&info.reason)?;
        let values = spec
            .params
            .iter()
            .map(|&(name, kind)| Value::from_wire(kind, info.metadata.get(name)?))
            .collect::<Option<Vec<_>>>()?;
        Some(Self { spec, values })
    }
}

/// A service's error, some of whose variants are refusals of the catalogue:
/// each service says which (`refusal`), and its `Display` and status follow.
pub trait Refuses: fmt::Display {
    /// The refusal the user sees, in the catalogue's words; none for a
    /// failure that is not theirs.
    fn refusal(&self) -> Option<Refusal>;

    /// The refusal's English text, for the error's `Display`.
    fn refused(&self) -> String {
        self.refusal()
            .map(|refusal| refusal.message())
            .unwrap_or_default()
    }

    /// The refusal's status; a variant that is no refusal is logged and
    /// answered as an opaque `internal`.
    fn refusal_status(&self) -> Status {
        self.refusal()
            .map_or_else(|| crate::error::internal(self), Status::from)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

impl std::error::Error for Refusal {}

impl From<Refusal> for Status {
    fn from(refusal: Refusal) -> Self {
        Status::with_error_details(refusal.status_code(), refusal.message(), refusal.details())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes;

    #[test]
    fn dollars_have_two_decimals() {
        assert_eq!(dollars(1250), "12.50");
        assert_eq!(dollars(5), "0.05");
        assert_eq!(dollars(-550), "-5.50");
    }

    #[test]
    fn a_refusal_reads_as_its_english_text() {
        let refusal = codes::cannot_afford("Console", 50_000, "Mia", 0);
        assert_eq!(
            refusal.message(),
            "Console costs $500.00, but Mia's spend jar has only $0.00"
        );
        let low = codes::jar_too_low("Mia", Jar::Save, -550);
        assert_eq!(low.message(), "Mia's save jar has only $-5.50");
        assert_eq!(
            codes::goal_limit(5).message(),
            "A child can have at most 5 savings goals. Remove one to add another."
        );
    }

    #[test]
    fn a_refusal_keeps_its_code_and_values_through_a_status() {
        let refusal = codes::cannot_afford("Console", 50_000, "Mia", 125);
        let status = Status::from(refusal.clone());
        assert_eq!(status.code(), tonic::Code::FailedPrecondition);
        assert_eq!(status.message(), refusal.message());
        let back = Refusal::of(&status).expect("the refusal");
        assert_eq!(back, refusal);
        assert_eq!(
            back.params()
                .map(|(name, _, value)| (name, value.clone()))
                .collect::<Vec<_>>(),
            vec![
                ("item", Value::Text("Console".into())),
                ("price", Value::Money(50_000)),
                ("name", Value::Text("Mia".into())),
                ("spend", Value::Money(125)),
            ]
        );
    }

    #[test]
    fn a_status_without_a_whole_refusal_has_none() {
        assert_eq!(Refusal::of(&Status::not_found("Child not found")), None);
        // A known code missing a value it names is not taken for the refusal.
        let partial = Status::with_error_details(
            tonic::Code::FailedPrecondition,
            "x",
            ErrorDetails::with_error_info("OUT_OF_STOCK", ERROR_DOMAIN, HashMap::new()),
        );
        assert_eq!(Refusal::of(&partial), None);
        let unknown = Status::with_error_details(
            tonic::Code::FailedPrecondition,
            "x",
            ErrorDetails::with_error_info("NO_SUCH_CODE", ERROR_DOMAIN, HashMap::new()),
        );
        assert_eq!(Refusal::of(&unknown), None);
    }

    #[test]
    fn every_code_names_only_values_it_declares() {
        for spec in codes::ALL {
            let refusal = Refusal::new(
                spec,
                spec.params
                    .iter()
                    .map(|&(_, kind)| match kind {
                        Kind::Text => Value::Text("x".into()),
                        Kind::Count => Value::Count(1),
                        Kind::Money => Value::Money(100),
                        Kind::Date => Value::Date(NaiveDate::from_ymd_opt(2025, 3, 5).unwrap()),
                        Kind::Jar => Value::Jar(Jar::Spend),
                        Kind::Label => Value::Label(Label::FirstName),
                    })
                    .collect(),
            );
            assert!(
                !refusal.message().contains("{{"),
                "{}: {}",
                spec.code,
                refusal.message()
            );
        }
    }
}
