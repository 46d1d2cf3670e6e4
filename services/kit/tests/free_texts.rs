//! No service and not the gateway answers a user with words of its own: every
//! refusal a user can see comes from the catalogue (proto/errors/), so that it
//! carries a code the web translates. A status or an API error built from a
//! literal text is the way such words would slip back in; this finds them in
//! the sources (test code aside).

use std::path::{Path, PathBuf};

/// Constructors that take the text a caller reads.
const FREE_TEXT: &[&str] = &[
    "Status::invalid_argument(",
    "Status::permission_denied(",
    "Status::failed_precondition(",
    "Status::not_found(",
    "Status::already_exists(",
    "Status::unauthenticated(",
    "Status::resource_exhausted(",
    "Status::out_of_range(",
    "Status::aborted(",
    "ApiError::new(",
    "ApiError::bad_request(",
    "ApiError::unauthorized(",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if name != "tests" {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" {
            out.push(path);
        }
    }
}

/// The lines of `source` before its test module.
fn code_lines(source: &str) -> impl Iterator<Item = (usize, &str)> {
    source
        .lines()
        .enumerate()
        .take_while(|(_, line)| line.trim() != "#[cfg(test)]")
        .map(|(n, line)| (n + 1, line))
}

#[test]
fn no_refusal_is_written_outside_the_catalogue() {
    // Read at run time: a test binary built in another clone of the workspace is reused
    // unchanged (cargo does not fingerprint CARGO_MANIFEST_DIR), so a compile-time path would
    // name a checkout that may be gone.
    let root =
        Path::new(&std::env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo")).join("../..");
    let mut files = Vec::new();
    rust_files(&root.join("gateway/src"), &mut files);
    for service in ["auth", "family", "chores", "rewards", "platform", "kit"] {
        rust_files(&root.join("services").join(service).join("src"), &mut files);
    }
    assert!(files.len() > 100, "the sources were not found");
    let mut found = Vec::new();
    for file in &files {
        let source = std::fs::read_to_string(file).expect("a source file");
        for (n, line) in code_lines(&source) {
            // Words given to the constructor, on its line or the next.
            for call in FREE_TEXT {
                if let Some(at) = line.find(call) {
                    let rest = &line[at + call.len()..];
                    let next = source.lines().nth(n).unwrap_or("");
                    let words = |text: &str| text.contains('"') || text.contains("format!");
                    let literal = words(rest) || (rest.trim().is_empty() && words(next));
                    if literal {
                        found.push(format!("{}:{n}: {}", file.display(), line.trim()));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "words written outside proto/errors/ (declare a code and raise it):\n{}",
        found.join("\n")
    );
}
