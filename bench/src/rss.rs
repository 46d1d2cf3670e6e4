//! Resident memory of the stack's processes, read from /proc.

use std::collections::BTreeMap;

/// The processes of the stack being measured: name → pid.
#[derive(Debug, Clone, Default)]
pub struct Processes(pub BTreeMap<String, u32>);

impl Processes {
    /// Parses `gateway=123,auth=456,…`.
    pub fn parse(spec: &str) -> anyhow::Result<Self> {
        let mut all = BTreeMap::new();
        for part in spec.split(',').filter(|p| !p.is_empty()) {
            let (name, pid) = part
                .split_once('=')
                .ok_or_else(|| anyhow::anyhow!("expected name=pid, got {part:?}"))?;
            all.insert(name.to_owned(), pid.parse()?);
        }
        Ok(Self(all))
    }

    /// Each process's resident set in MiB (absent when it has exited).
    pub fn rss_mib(&self) -> BTreeMap<String, Option<f64>> {
        self.0
            .iter()
            .map(|(name, pid)| (name.clone(), rss_kib(*pid).map(|kib| kib as f64 / 1024.0)))
            .collect()
    }

    pub fn total_mib(&self) -> f64 {
        self.rss_mib().values().flatten().sum()
    }
}

/// Parses `gateway=12345,auth=…` (KiB, as /proc gives them) into MiB.
pub fn parse_kib(spec: &str) -> anyhow::Result<BTreeMap<String, Option<f64>>> {
    spec.split(',')
        .filter(|p| !p.is_empty())
        .map(|part| {
            let (name, kib) = part
                .split_once('=')
                .ok_or_else(|| anyhow::anyhow!("expected name=KiB, got {part:?}"))?;
            Ok((name.to_owned(), Some(kib.parse::<f64>()? / 1024.0)))
        })
        .collect()
}

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_kib_figures_as_mib() {
        let parsed = parse_kib("gateway=20480,auth=10752").unwrap();
        assert_eq!(parsed["gateway"], Some(20.0));
        assert_eq!(parsed["auth"], Some(10.5));
        assert!(parse_kib("gateway").is_err());
        assert!(parse_kib("gateway=lots").is_err());
    }
}
