//! The domain events, and the catalogue that declares each once
//! (`proto/events.toml`, which says what it holds): its subject, the family
//! and the child or user it concerns, its public name, who may hear it live
//! and whether webhooks carry it. The live stream, the webhook catalogue and
//! the gateway's kept answers read it from here.

use prost_types::Timestamp;
use serde_json::Value;

pub mod v1 {
    tonic::include_proto!("chorely.events.v1");
}

mod payloads;

pub use payloads::Payload;

/// Who may hear a public event live.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hears {
    /// No screen: webhooks alone carry it.
    Nobody,
    /// The family's parents.
    Parents,
    /// The family's parents and the child it concerns.
    Child,
    /// The family's parents and children.
    Family,
    /// The one user it names.
    User,
    /// The platform's super admins.
    Operators,
}

impl Hears {
    pub fn as_str(self) -> &'static str {
        match self {
            Hears::Nobody => "nobody",
            Hears::Parents => "parents",
            Hears::Child => "child",
            Hears::Family => "family",
            Hears::User => "user",
            Hears::Operators => "operators",
        }
    }
}

/// A name the outside world hears (the live stream, webhooks).
#[derive(Debug, PartialEq, Eq)]
pub struct PublicName {
    /// `submission.created`, `balance.changed`, …
    pub name: &'static str,
    pub hears: Hears,
    /// Whether a webhook endpoint may ask for it.
    pub webhook: bool,
    /// One sentence saying what happened.
    pub about: &'static str,
}

/// One domain event as the catalogue declares it.
#[derive(Debug, PartialEq, Eq)]
pub struct Declared {
    /// Its protobuf message.
    pub message: &'static str,
    /// Its subject below the deployment's prefix, e.g. `auth.user_registered`.
    pub subject: &'static str,
    /// The field naming its family.
    pub family: &'static str,
    /// The field naming the child it concerns, if it concerns one.
    pub child: Option<&'static str>,
    /// The field naming the user it concerns, if it concerns one.
    pub user: Option<&'static str>,
    /// Its public name; none for an event only services hear.
    pub public: Option<&'static PublicName>,
}

/// A domain event: a protobuf message published on its own subject, declared
/// in the catalogue (every impl is generated from it).
pub trait Event: prost::Message + Default {
    /// Subject below the deployment's prefix, e.g. `auth.user_registered`.
    const SUBJECT: &'static str;
    /// Its declaration.
    const DECLARED: &'static Declared;
    /// The family it is about (as sent: an id, or empty for none).
    fn family(&self) -> &str;
    /// The child it concerns, if it concerns one.
    fn child(&self) -> Option<&str>;
    /// The user it concerns, if it concerns one.
    fn user(&self) -> Option<&str>;
    /// The event as the outside world hears it; none for an event only
    /// services hear.
    fn public(&self) -> Option<Public>;
}

/// An [`Event`] whose type is not known until its subject is read.
pub trait AnyEvent {
    fn declared(&self) -> &'static Declared;
    fn family(&self) -> &str;
    fn public(&self) -> Option<Public>;
}

impl<E: Event> AnyEvent for E {
    fn declared(&self) -> &'static Declared {
        E::DECLARED
    }
    fn family(&self) -> &str {
        Event::family(self)
    }
    fn public(&self) -> Option<Public> {
        Event::public(self)
    }
}

/// A domain event as the outside world hears it.
#[derive(Debug, Clone, PartialEq)]
pub struct Public {
    pub name: &'static PublicName,
    /// The family it is about.
    pub family: String,
    /// The child it concerns, if it concerns one.
    pub child: Option<String>,
    /// The user it concerns, if it concerns one.
    pub user: Option<String>,
    /// What it carries: ids, statuses and amounts (in dollars, as the API
    /// speaks), never a child's personal details.
    pub data: Value,
    /// When it happened, when the event says.
    pub at: Option<Timestamp>,
}

include!(concat!(env!("OUT_DIR"), "/catalogue.rs"));

/// The public event `payload` on `subject` is; none for an event only
/// services hear, an undeclared subject or a payload that does not decode.
pub fn public(subject: &str, payload: &[u8]) -> Option<Public> {
    // Most of the bus is logins and the services' own events: not decoded.
    declared(subject)?.public?;
    visit(subject, payload, |e| e.public()).flatten()
}

/// The declaration and the family of the event `payload` on `subject` is;
/// none for an undeclared subject or a payload that does not decode.
pub fn family_of(subject: &str, payload: &[u8]) -> Option<(&'static Declared, String)> {
    visit(subject, payload, |e| (e.declared(), e.family().to_owned()))
}

/// The public names webhooks may carry, in the order screens list them.
pub fn webhook_names() -> impl Iterator<Item = &'static str> {
    PUBLIC_NAMES.iter().filter(|p| p.webhook).map(|p| p.name)
}

/// The declaration of the event on `subject`.
pub fn declared(subject: &str) -> Option<&'static Declared> {
    CATALOGUE.iter().find(|d| d.subject == subject)
}

#[cfg(test)]
mod tests {
    use prost::Message;
    use prost_types::FileDescriptorSet;

    use super::*;

    const DESCRIPTORS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/descriptors.bin"));

    #[test]
    fn every_event_message_is_declared_with_its_family_field() {
        let set = FileDescriptorSet::decode(DESCRIPTORS).unwrap();
        let mut seen = 0;
        for file in set
            .file
            .iter()
            .filter(|f| f.package() == "chorely.events.v1")
        {
            for message in &file.message_type {
                let name = message.name();
                let declared = CATALOGUE.iter().find(|d| d.message == name);
                let declared = declared
                    .unwrap_or_else(|| panic!("{name} is not declared in proto/events.toml"));
                let fields: Vec<&str> = message.field.iter().map(|f| f.name()).collect();
                assert!(
                    fields.contains(&declared.family),
                    "{name}: family field {} missing",
                    declared.family
                );
                if fields.contains(&"organization_id") {
                    assert_eq!(declared.family, "organization_id", "{name}");
                }
                seen += 1;
            }
        }
        assert_eq!(
            seen,
            CATALOGUE.len(),
            "a declared message is not in the package"
        );
    }

    #[test]
    fn a_public_event_carries_its_family_child_and_data() {
        let submitted = v1::SubmissionSubmitted {
            submission_id: "s1".into(),
            organization_id: "o1".into(),
            child_id: "c1".into(),
            chore_id: "h1".into(),
            submitted_at: Some(Timestamp {
                seconds: 7,
                nanos: 0,
            }),
            chore_name: "Dishes".into(),
        };
        let heard = public(v1::SubmissionSubmitted::SUBJECT, &submitted.encode_to_vec()).unwrap();
        assert_eq!(heard.name.name, "submission.created");
        assert_eq!(heard.name.hears, Hears::Child);
        assert!(heard.name.webhook);
        assert_eq!(heard.family, "o1");
        assert_eq!(heard.child.as_deref(), Some("c1"));
        assert_eq!(heard.data["submissionId"], "s1");
        assert_eq!(heard.at.map(|t| t.seconds), Some(7));
        // Only services hear a login; an unknown subject is nobody's.
        let login = v1::UserLoggedIn {
            organization_id: "o1".into(),
            ..Default::default()
        };
        assert!(public(v1::UserLoggedIn::SUBJECT, &login.encode_to_vec()).is_none());
        let (declared, family) =
            family_of(v1::UserLoggedIn::SUBJECT, &login.encode_to_vec()).unwrap();
        assert_eq!((declared.message, family.as_str()), ("UserLoggedIn", "o1"));
        assert!(public("chores.unheard_of", &[]).is_none());
    }

    #[test]
    fn subjects_and_public_names_are_unique_and_webhooks_list_in_order() {
        let mut subjects: Vec<_> = CATALOGUE.iter().map(|d| d.subject).collect();
        subjects.sort_unstable();
        subjects.dedup();
        assert_eq!(subjects.len(), CATALOGUE.len());
        assert_eq!(
            webhook_names().collect::<Vec<_>>(),
            [
                "submission.created",
                "submission.reviewed",
                "balance.changed",
                "chore.changed",
                "chore.missed",
                "chore.due_soon",
                "child.changed",
                "store.redemption"
            ]
        );
        assert_eq!(
            declared("auth.user_logged_in").map(|d| d.message),
            Some("UserLoggedIn")
        );
    }
}
