//! The faults as `scripts/faults.sh` wrote them down: one line per event,
//! `<unix seconds> <fault> start|back`.

use std::path::Path;

use anyhow::{Context, bail};

/// One fault: from the moment it was made to the moment its dependency
/// answered again (or the killed process was started again).
#[derive(Debug, Clone, PartialEq)]
pub struct Fault {
    pub name: String,
    pub start: f64,
    pub back: f64,
}

pub fn read(path: &Path) -> anyhow::Result<Vec<Fault>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        // No fault was made (the suite was asked for none).
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(err) => return Err(err).with_context(|| format!("reading {}", path.display())),
    };
    parse(&text)
}

pub fn parse(text: &str) -> anyhow::Result<Vec<Fault>> {
    let mut faults: Vec<Fault> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let mut words = line.split_whitespace();
        let (Some(at), Some(name), Some(event), None) =
            (words.next(), words.next(), words.next(), words.next())
        else {
            bail!("a timeline line is `<time> <fault> start|back`, not {line:?}");
        };
        let at: f64 = at
            .parse()
            .with_context(|| format!("the time in {line:?}"))?;
        match event {
            "start" => faults.push(Fault {
                name: name.to_owned(),
                start: at,
                back: f64::NAN,
            }),
            "back" => match faults.last_mut() {
                Some(fault) if fault.name == name && fault.back.is_nan() => fault.back = at,
                _ => bail!("{name} came back without having started: {line:?}"),
            },
            _ => bail!("a fault event is start or back, not {event:?}"),
        }
    }
    if let Some(fault) = faults.iter().find(|f| f.back.is_nan()) {
        bail!("{} never came back", fault.name);
    }
    Ok(faults)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_each_start_with_its_back() {
        let faults =
            parse("10.5 postgres start\n14.0 postgres back\n21 gateway start\n21.2 gateway back\n")
                .unwrap();
        assert_eq!(
            faults,
            vec![
                Fault {
                    name: "postgres".into(),
                    start: 10.5,
                    back: 14.0
                },
                Fault {
                    name: "gateway".into(),
                    start: 21.0,
                    back: 21.2
                },
            ]
        );
    }

    #[test]
    fn a_fault_that_never_came_back_is_an_error() {
        assert!(parse("1 nats start\n").is_err());
        assert!(parse("1 nats back\n").is_err());
    }
}
