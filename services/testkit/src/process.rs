//! A service run as a process of its own, from its real binary, for what only
//! a process shows: configuration from the environment, and stopping on
//! SIGTERM.

use std::{process::ExitStatus, time::Duration};

use nix::{sys::signal, unistd::Pid};
use tokio::{
    io::{AsyncBufReadExt, BufReader},
    process::{Child, Command},
    sync::oneshot,
};

/// How long a stopping process may take before the test calls it stuck.
const EXIT_WITHIN: Duration = Duration::from_secs(60);

pub struct Process {
    child: Child,
    /// The port it reported listening on.
    pub port: u16,
}

impl Process {
    /// Starts `binary` with only `env` (plus JSON logs) and returns once it
    /// logs `ready`, a line that carries the `port` it listens on. Its log
    /// lines are copied to the test's output.
    pub async fn start(binary: &str, env: &[(&str, String)], ready: &str) -> Self {
        let mut child = command(binary, env)
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {binary}: {e}"));
        let stdout = child.stdout.take().unwrap();
        let (port_tx, port_rx) = oneshot::channel();
        let wanted = ready.to_owned();
        tokio::spawn(async move {
            let mut port_tx = Some(port_tx);
            let mut lines = BufReader::new(stdout).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                eprintln!("{line}");
                let Ok(entry) = serde_json::from_str::<serde_json::Value>(&line) else {
                    continue;
                };
                if entry["message"] == wanted.as_str()
                    && let Some(port) = entry["port"].as_u64()
                    && let Some(tx) = port_tx.take()
                {
                    let _ = tx.send(u16::try_from(port).unwrap());
                }
            }
        });
        let port = port_rx
            .await
            .unwrap_or_else(|_| panic!("{binary} exited before it logged {ready:?}"));
        Self { child, port }
    }

    /// Sends SIGTERM, as Kubernetes does to a pod it stops.
    pub fn terminate(&self) {
        let pid = i32::try_from(self.child.id().expect("process still running")).unwrap();
        signal::kill(Pid::from_raw(pid), signal::Signal::SIGTERM).unwrap();
    }

    /// Returns once the process refuses new connections: it has stopped
    /// listening and is draining what it accepted.
    pub async fn stopped_listening(&self) {
        let deadline = tokio::time::Instant::now() + EXIT_WITHIN;
        while tokio::net::TcpStream::connect(("127.0.0.1", self.port))
            .await
            .is_ok()
        {
            assert!(
                tokio::time::Instant::now() < deadline,
                "still accepting connections"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits for the process to exit.
    pub async fn exit_status(&mut self) -> ExitStatus {
        tokio::time::timeout(EXIT_WITHIN, self.child.wait())
            .await
            .expect("the process did not exit")
            .unwrap()
    }
}

/// `binary` with only `env` (plus JSON logs), killed if the test drops it;
/// for one-off commands such as `migrate`.
pub fn command(binary: &str, env: &[(&str, String)]) -> Command {
    let mut command = Command::new(binary);
    command
        .env_clear()
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .env("LOG_FORMAT", "json")
        .kill_on_drop(true);
    command
}

/// Sets `key` in `env`, replacing what it held.
pub fn set_env(env: &mut Vec<(&'static str, String)>, key: &'static str, value: String) {
    env.retain(|(k, _)| *k != key);
    env.push((key, value));
}
