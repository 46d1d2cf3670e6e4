//! `sqlx::migrate!` embeds the migrations folder at compile time, but cargo
//! does not know that: without the first line of `main`, a new migration file
//! is left out of an incremental build (sqlx's own advice, `sqlx migrate
//! build-script`).
//!
//! It also generates `kit::codes` from the refusal catalogue (proto/errors/,
//! its README says what it holds): one `Spec` per code, `ALL` of them, a
//! function per code taking the values its English text names, in the order
//! it names them, and the `Label` of each name a text may give a field
//! (labels.toml). A catalogue entry that names a value it does not declare (or
//! declares one it never names), uses an unknown kind or status, or repeats
//! another file's code, fails the build here.

use std::{collections::BTreeMap, fmt::Write, path::PathBuf};

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    status: String,
    en: String,
    /// The English text when `count` is 1, where it reads otherwise
    /// ("Try again in 1 minute.").
    en_one: Option<String>,
    #[serde(default)]
    params: BTreeMap<String, String>,
}

/// The names `text` interpolates, in the order it first names them:
/// "{{a}} and {{b, lowercase}}" -> a, b.
fn placeholders(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let end = rest[start..].find("}}").expect("an unclosed {{ in a text") + start;
        let name = rest[start + 2..end]
            .split(',')
            .next()
            .unwrap_or("")
            .trim()
            .to_owned();
        if !names.contains(&name) {
            names.push(name);
        }
        rest = &rest[end + 2..];
    }
    names
}

fn status(name: &str) -> &'static str {
    match name {
        "not_found" => "NotFound",
        "failed_precondition" => "FailedPrecondition",
        "permission_denied" => "PermissionDenied",
        "invalid_argument" => "InvalidArgument",
        "already_exists" => "AlreadyExists",
        "resource_exhausted" => "ResourceExhausted",
        "unauthenticated" => "Unauthenticated",
        "unavailable" => "Unavailable",
        "internal" => "Internal",
        other => panic!("proto/errors: unknown status {other:?}"),
    }
}

/// The kind's variant, and the type and name of its argument.
fn kind(kind: &str, name: &str) -> (&'static str, String, String) {
    match kind {
        "text" => ("Text", name.to_owned(), "impl Into<String>".into()),
        "count" => ("Count", name.to_owned(), "i64".into()),
        "money" => ("Money", format!("{name}_cents"), "i64".into()),
        "date" => ("Date", name.to_owned(), "chrono::NaiveDate".into()),
        "jar" => ("Jar", name.to_owned(), "crate::refusal::Jar".into()),
        "label" => ("Label", name.to_owned(), "Label".into()),
        other => panic!("proto/errors: unknown kind {other:?} of {name}"),
    }
}

/// `firstName` -> `FirstName`; `streak7` -> `Streak7`.
fn variant(name: &str) -> String {
    let mut chars = name.chars();
    chars
        .next()
        .map(|first| first.to_ascii_uppercase().to_string() + chars.as_str())
        .unwrap_or_default()
}

/// The `Label` enum of labels.toml: each name users know a field by.
fn labels(labels: &BTreeMap<String, String>, out: &mut String) -> std::fmt::Result {
    let variants: Vec<(String, &String, &String)> = labels
        .iter()
        .map(|(name, en)| {
            assert!(
                name.chars().all(|c| c.is_ascii_alphanumeric())
                    && name.starts_with(|c: char| c.is_ascii_lowercase()),
                "proto/errors/labels.toml: {name:?} is not camelCase"
            );
            (variant(name), name, en)
        })
        .collect();
    let arms = |f: &dyn Fn(&String, &String) -> String| {
        variants
            .iter()
            .map(|(v, name, en)| format!("            Label::{v} => {},\n", f(name, en)))
            .collect::<String>()
    };
    writeln!(
        out,
        "/// A name users know a request field by (proto/errors/labels.toml).\n\
         #[derive(Debug, Clone, Copy, PartialEq, Eq)]\npub enum Label {{\n{}}}\n\n\
         impl Label {{\n    /// Every label, in the order of their names.\n    pub const ALL: &[Label] = &[{}];\n\n\
         \x20   /// Its name, as the API's `params` carry it (`firstName`).\n    pub fn name(self) -> &'static str {{\n        match self {{\n{}        }}\n    }}\n\n\
         \x20   /// Its English words (\"First name\").\n    pub fn english(self) -> &'static str {{\n        match self {{\n{}        }}\n    }}\n}}\n",
        variants
            .iter()
            .map(|(v, _, en)| format!("    /// {en}\n    {v},\n"))
            .collect::<String>(),
        variants
            .iter()
            .map(|(v, ..)| format!("Label::{v}"))
            .collect::<Vec<_>>()
            .join(", "),
        arms(&|name, _| format!("{name:?}")),
        arms(&|_, en| format!("{en:?}")),
    )
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=migrations");
    // Relative to the package (where cargo runs build scripts): an absolute
    // path would differ in every clone and rerun this script, and so rebuild
    // kit and everything above it, in each CI run (docs/adr/0110).
    let dir = PathBuf::from("../../proto/errors");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    files.retain(|path| path.extension().is_some_and(|ext| ext == "toml"));
    files.sort();
    let mut catalogue: BTreeMap<String, Entry> = BTreeMap::new();
    let mut label_names: BTreeMap<String, String> = BTreeMap::new();
    for path in &files {
        let source = std::fs::read_to_string(path)?;
        let file = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if file == "labels.toml" {
            label_names = toml::from_str(&source)?;
            continue;
        }
        let entries: BTreeMap<String, Entry> = toml::from_str(&source)?;
        for (code, entry) in entries {
            if catalogue.insert(code.clone(), entry).is_some() {
                panic!("proto/errors/{file}: {code} is declared in another file too");
            }
        }
    }

    let mut out = String::from("// Generated by build.rs from proto/errors/.\n\n");
    labels(&label_names, &mut out)?;
    for (code, entry) in &catalogue {
        assert!(
            !code.is_empty()
                && code
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_'),
            "proto/errors: {code:?} is not UPPER_SNAKE"
        );
        let named = placeholders(&entry.en);
        let mut declared: Vec<&String> = entry.params.keys().collect();
        declared.sort();
        let mut sorted = named.iter().collect::<Vec<_>>();
        sorted.sort();
        assert_eq!(
            sorted, declared,
            "proto/errors: {code} names other values than it declares"
        );

        let params: Vec<(String, &'static str, String, String)> = named
            .iter()
            .map(|name| {
                let (variant, arg, ty) = kind(&entry.params[name], name);
                (name.clone(), variant, arg, ty)
            })
            .collect();
        let kinds = params
            .iter()
            .map(|(name, variant, ..)| format!("({name:?}, Kind::{variant})"))
            .collect::<Vec<_>>()
            .join(", ");
        writeln!(
            out,
            "/// {en}\npub static {code}: Spec = Spec {{ code: {code:?}, status: tonic::Code::{status}, en: {en:?}, en_one: {en_one:?}, params: &[{kinds}] }};\n",
            en = entry.en,
            en_one = entry.en_one,
            status = status(&entry.status),
        )?;
        let args = params
            .iter()
            .map(|(_, _, arg, ty)| format!("{arg}: {ty}"))
            .collect::<Vec<_>>()
            .join(", ");
        let values = params
            .iter()
            .map(|(_, variant, arg, _)| match *variant {
                "Text" => format!("Value::Text({arg}.into())"),
                _ => format!("Value::{variant}({arg})"),
            })
            .collect::<Vec<_>>()
            .join(", ");
        writeln!(
            out,
            "/// The refusal {code}: \"{en}\".\npub fn {fun}({args}) -> Refusal {{ Refusal::new(&{code}, vec![{values}]) }}\n",
            en = entry.en,
            fun = code.to_lowercase(),
        )?;
    }
    let all = catalogue
        .keys()
        .map(|code| format!("&{code}"))
        .collect::<Vec<_>>()
        .join(", ");
    writeln!(
        out,
        "/// Every code of the catalogue, in the order of their names.\npub static ALL: &[&Spec] = &[{all}];"
    )?;

    let dest = PathBuf::from(std::env::var("OUT_DIR")?).join("codes.rs");
    std::fs::write(dest, out)?;
    Ok(())
}
