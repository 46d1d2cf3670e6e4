//! The S3 store a developer machine runs (scripts/lib.sh `ensure_s3`, the
//! fault suite's own): s3s-fs's file system behind s3s's S3 protocol, with
//! SigV4 checked against one access key. Built with the workspace so a new
//! machine compiles the shared HTTP stack once, not a second time in a
//! separate `cargo install`.

use std::path::PathBuf;

use anyhow::Context;
use clap::Parser;
use hyper_util::{
    rt::{TokioExecutor, TokioIo},
    server::{conn::auto::Builder as ConnBuilder, graceful::GracefulShutdown},
};
use s3s::{auth::SimpleAuth, service::S3ServiceBuilder};
use tokio::{
    net::TcpListener,
    signal::unix::{SignalKind, signal},
};

/// The flags are s3s-fs's own, so the scripts read the same either way.
#[derive(Debug, Parser)]
struct Opt {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port to listen on.
    #[arg(long, default_value_t = 9000)]
    port: u16,
    /// The access key requests are signed with.
    #[arg(long, env = "S3_ACCESS_KEY_ID")]
    access_key: String,
    /// Its secret.
    #[arg(long, env = "S3_SECRET_ACCESS_KEY", hide_env_values = true)]
    secret_key: String,
    /// The folder the buckets live in (one sub-folder each).
    root: PathBuf,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let opt = Opt::parse();
    std::fs::create_dir_all(&opt.root)
        .with_context(|| format!("creating {}", opt.root.display()))?;
    let fs = s3s_fs::FileSystem::new(&opt.root)
        .map_err(|e| anyhow::anyhow!("opening {}: {e:?}", opt.root.display()))?;
    let mut builder = S3ServiceBuilder::new(fs);
    builder.set_auth(SimpleAuth::from_single(opt.access_key, opt.secret_key));
    let service = builder.build();

    let listener = TcpListener::bind((opt.host.as_str(), opt.port))
        .await
        .with_context(|| format!("listening on {}:{}", opt.host, opt.port))?;
    eprintln!(
        "S3 store at http://{} over {}",
        listener.local_addr()?,
        opt.root.display()
    );

    let http = ConnBuilder::new(TokioExecutor::new());
    let graceful = GracefulShutdown::new();
    let mut terminate = signal(SignalKind::terminate())?;
    loop {
        let socket = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((socket, _)) => socket,
                // A connection that failed before it began (the peer gone,
                // out of descriptors for a moment) ends only itself.
                Err(err) => {
                    eprintln!("accepting a connection: {err}");
                    continue;
                }
            },
            _ = tokio::signal::ctrl_c() => break,
            _ = terminate.recv() => break,
        };
        let conn = http.serve_connection(TokioIo::new(socket), service.clone());
        let conn = graceful.watch(conn.into_owned());
        tokio::spawn(async move {
            // A client that hangs up mid-request is not the store's error.
            let _ = conn.await;
        });
    }
    // Requests under way finish; a stuck one does not hold the stop up.
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(std::time::Duration::from_secs(5)) => {}
    }
    Ok(())
}
